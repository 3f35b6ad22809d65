// The organisation's data settings (GET /api/data-settings). One list query feeds the Data settings
// tab and panel (a setting is found in it by id), the stream mapping and the risk model editor's
// pickers, so a save refreshes them all.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { dataSettingKeys } from './keys';

export type DataSetting = components['schemas']['DataSetting'];

export async function fetchDataSettings(): Promise<DataSetting[]> {
  const body = await unwrap(api.GET('/api/data-settings'));
  return body.data_settings;
}

/** Reading custom data settings needs read_custom_data_settings; callers without it pass enabled false. */
export function useDataSettingsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: dataSettingKeys.list(), queryFn: fetchDataSettings, staleTime: 30_000, enabled });
}
