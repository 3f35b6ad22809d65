// Saving the caller's dashboard config (PUT /api/reporting/dashboard-config): the config cache
// takes the answer; the sections' numbers do not change.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { reportingKeys } from './keys';

export type DashboardSections = components['schemas']['DashboardSections'];

export function useSaveDashboardConfigMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sections: DashboardSections) => unwrap(api.PUT('/api/reporting/dashboard-config', { body: { sections } })),
    onSuccess: (config) => queryClient.setQueryData(reportingKeys.config(), config),
  });
}
