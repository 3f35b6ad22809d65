// Saving or resetting a table's column layout: the answer goes into the cache, so every list of
// that table rearranges at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { columnLayoutKeys, type ColumnTableId } from './keys';

export type ColumnDefinitionInput = components['schemas']['ColumnDefinitionInput'];

export function useSaveColumnLayoutMutation(tableId: ColumnTableId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (columns: ColumnDefinitionInput[]) => unwrap(api.PUT('/api/column-layouts/{tableId}', { params: { path: { tableId } }, body: { columns } })),
    onSuccess: (layout) => queryClient.setQueryData(columnLayoutKeys.detail(tableId), layout),
  });
}

export function useResetColumnLayoutMutation(tableId: ColumnTableId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/column-layouts/{tableId}', { params: { path: { tableId } } })),
    onSuccess: (layout) => queryClient.setQueryData(columnLayoutKeys.detail(tableId), layout),
  });
}
