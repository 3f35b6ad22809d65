// The agent's column layout of one table (GET|PUT|DELETE /api/column-layouts/{tableId}): read once
// per table and kept, since only the Choose Columns modal changes it; a save or reset writes the
// answer into the cache so every list of that table rearranges at once.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { toInput, type ColumnDefinition } from './column-layout.utils';

export type ColumnLayout = components['schemas']['ColumnLayout'];

/** The tables an agent arranges (the server answers 404 for any other). */
export type ColumnTableId = 'transactions' | 'action_events' | 'entities' | 'instruments' | 'alerts' | 'cases' | 'sars';

export const columnLayoutKeys = {
  all: ['column-layouts'] as const,
  detail: (tableId: ColumnTableId) => [...columnLayoutKeys.all, tableId] as const,
};

export function fetchColumnLayout(tableId: ColumnTableId): Promise<ColumnLayout> {
  return unwrap(api.GET('/api/column-layouts/{tableId}', { params: { path: { tableId } } }));
}

export function useColumnLayoutQuery(tableId: ColumnTableId) {
  return useQuery({ queryKey: columnLayoutKeys.detail(tableId), queryFn: () => fetchColumnLayout(tableId), staleTime: Infinity });
}

export function useSaveColumnLayout(tableId: ColumnTableId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: ColumnDefinition[]) => unwrap(api.PUT('/api/column-layouts/{tableId}', { params: { path: { tableId } }, body: { columns: toInput(columns) } })),
    onSuccess: (layout) => queryClient.setQueryData(columnLayoutKeys.detail(tableId), layout),
  });
}

export function useResetColumnLayout(tableId: ColumnTableId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/column-layouts/{tableId}', { params: { path: { tableId } } })),
    onSuccess: (layout) => queryClient.setQueryData(columnLayoutKeys.detail(tableId), layout),
  });
}
