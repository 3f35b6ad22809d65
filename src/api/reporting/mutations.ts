// Saving the caller's dashboard config (PUT /api/reporting/dashboard-config): the config cache
// shows the change at once (a chart hidden, a type switched) and is put back if the save fails;
// the sections' numbers do not change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { reportingKeys } from './keys';

export type DashboardSections = components['schemas']['DashboardSections'];
type DashboardConfig = components['schemas']['DashboardConfig'];

export function useSaveDashboardConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sections: DashboardSections) => unwrap(api.PUT('/api/reporting/dashboard-config', { body: { sections } })),
    onMutate: async (sections) => {
      await queryClient.cancelQueries({ queryKey: reportingKeys.config() });
      const before = queryClient.getQueryData<DashboardConfig>(reportingKeys.config());
      queryClient.setQueryData<DashboardConfig>(reportingKeys.config(), { sections, source: 'agent' });
      return { before };
    },
    onError: (_error, _sections, context) => {
      if (context?.before) queryClient.setQueryData(reportingKeys.config(), context.before);
    },
    onSuccess: (config) => queryClient.setQueryData(reportingKeys.config(), config),
  });
}

/** Forgets the caller's own config (DELETE): they read the organisation's default again. */
export function useResetDashboardConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/reporting/dashboard-config')),
    onSuccess: (config) => queryClient.setQueryData(reportingKeys.config(), config),
  });
}

/** Makes sections the organisation's default (edit_dashboards): the caller's own config is unchanged. */
export function useSaveOrgDashboardConfigMutation() {
  return useMutation({
    mutationFn: (sections: DashboardSections) => unwrap(api.PUT('/api/reporting/dashboard-config/organisation', { body: { sections } })),
  });
}
