// The agent's column layout of one table: read once per table and kept, since only the Choose
// Columns modal changes it.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { columnLayoutKeys, type ColumnTableId } from './keys';

export type ColumnLayout = components['schemas']['ColumnLayout'];

export function fetchColumnLayout(tableId: ColumnTableId): Promise<ColumnLayout> {
  return unwrap(api.GET('/api/column-layouts/{tableId}', { params: { path: { tableId } } }));
}

export function useColumnLayoutQuery(tableId: ColumnTableId) {
  return useQuery({ queryKey: columnLayoutKeys.detail(tableId), queryFn: () => fetchColumnLayout(tableId), staleTime: Infinity });
}
