// Creating and changing data settings. The saved setting replaces its old copy in the list at once;
// the list is then read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { dataSettingKeys } from './keys';
import type { DataSetting } from './queries';

export type DataSettingCreate = components['schemas']['DataSettingCreate'];
export type DataSettingUpdate = components['schemas']['DataSettingUpdate'];

function useSettle() {
  const client = useQueryClient();
  return (saved: DataSetting) => {
    client.setQueryData<DataSetting[]>(dataSettingKeys.list(), (list) =>
      list ? (list.some((s) => s.id === saved.id) ? list.map((s) => (s.id === saved.id ? saved : s)) : [...list, saved]) : list,
    );
    void client.invalidateQueries({ queryKey: dataSettingKeys.list() });
  };
}

export function useCreateDataSettingMutation() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: DataSettingCreate) => unwrap(api.POST('/api/data-settings', { body })),
    onSuccess: settle,
  });
}

export function useUpdateDataSettingMutation(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: DataSettingUpdate) => unwrap(api.PATCH('/api/data-settings/{id}', { params: { path: { id } }, body })),
    onSuccess: settle,
  });
}
