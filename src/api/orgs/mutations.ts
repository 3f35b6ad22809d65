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
