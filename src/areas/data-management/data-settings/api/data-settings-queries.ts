// The organisation's data settings (GET /api/data-settings) and their writes. One list query feeds
// the Data settings tab and the panel (a setting is found in it by id), so a save refreshes both.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../../api/client';
import type { DataSetting, DataSettingCreate, DataSettingUpdate } from '../data-setting.constants';

export const dataSettingKeys = {
  all: ['data-settings'] as const,
  list: () => [...dataSettingKeys.all, 'list'] as const,
};

export async function fetchDataSettings(): Promise<DataSetting[]> {
  const body = await unwrap(api.GET('/api/data-settings'));
  return body.data_settings;
}

export function useDataSettingsQuery() {
  return useQuery({ queryKey: dataSettingKeys.list(), queryFn: fetchDataSettings, staleTime: 30_000 });
}

/** The saved setting replaces its old copy in the list at once; the list is then read again. */
function useSettle() {
  const client = useQueryClient();
  return (saved: DataSetting) => {
    client.setQueryData<DataSetting[]>(dataSettingKeys.list(), (list) =>
      list ? (list.some((s) => s.id === saved.id) ? list.map((s) => (s.id === saved.id ? saved : s)) : [...list, saved]) : list,
    );
    void client.invalidateQueries({ queryKey: dataSettingKeys.list() });
  };
}

export function useCreateDataSetting() {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: DataSettingCreate) => unwrap(api.POST('/api/data-settings', { body })),
    onSuccess: settle,
  });
}

export function useUpdateDataSetting(id: number) {
  const settle = useSettle();
  return useMutation({
    mutationFn: (body: DataSettingUpdate) => unwrap(api.PATCH('/api/data-settings/{id}', { params: { path: { id } }, body })),
    onSuccess: settle,
  });
}
