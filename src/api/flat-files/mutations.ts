// The flat-file writes: creating a file (its bytes then go through upload-content.ts), running it
// again, deleting it and asking for its debug run. Each refreshes exactly what it changes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { streamKeys } from '../streams/keys';
import { flatFileKeys } from './keys';

/** The file changed on the server: its row, its detail and its errors are read again. */
function useInvalidateFile() {
  const client = useQueryClient();
  return (id: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: flatFileKeys.lists() }),
      client.invalidateQueries({ queryKey: flatFileKeys.detail(id) }),
      client.invalidateQueries({ queryKey: flatFileKeys.fileErrors(id) }),
    ]);
}

/** A new file is listed at once (pending its bytes); a new stream name joins the stream list. */
export function useCreateFlatFileMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['DatafileCreate']) => unwrap(api.POST('/api/database-connections/pull-based-datafiles', { body })),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: flatFileKeys.lists() });
      void client.invalidateQueries({ queryKey: streamKeys.list() });
    },
  });
}

export function useRunFlatFileMutation() {
  const invalidate = useInvalidateFile();
  return useMutation({
    mutationFn: ({ id, dryRun }: { id: number; dryRun: boolean }) =>
      unwrap(api.POST('/api/database-connections/pull-based-datafiles/{fileId}/run', { params: { path: { fileId: id } }, body: { dry_run: dryRun } })),
    onSuccess: (_file, { id }) => invalidate(id),
  });
}

export function useDeleteFlatFileMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/database-connections/pull-based-datafiles/{fileId}', { params: { path: { fileId: id } } })),
    onSuccess: (_deleted, id) => {
      client.removeQueries({ queryKey: flatFileKeys.detail(id) });
      return Promise.all([client.invalidateQueries({ queryKey: flatFileKeys.lists() }), client.invalidateQueries({ queryKey: streamKeys.list() })]);
    },
  });
}

export function useDebugFlatFileMutation() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/database-connections/pull-based-datafiles/debug/{fileId}', { params: { path: { fileId: id } } })),
  });
}
