import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { orgKeys } from './keys';

export type OrgSettingsUpdate = components['schemas']['OrgSettingsUpdate'];

/** Saves the organisation's settings; the answer replaces the cached settings. */
export function useSaveOrgSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrgSettingsUpdate) => unwrap(api.PATCH('/api/orgs/settings', { body })),
    onSuccess: (next) => queryClient.setQueryData(orgKeys.settings(), next),
  });
}

/**
 * Starts a new session in another organisation (the server sets its refresh cookie). Nothing is
 * invalidated: the console reloads at home and restores that session with a clean state.
 */
export function useSwitchOrgMutation() {
  return useMutation({
    mutationFn: (orgId: number) => unwrap(api.POST('/api/agents/switch-org', { body: { org_id: orgId } })),
  });
}
