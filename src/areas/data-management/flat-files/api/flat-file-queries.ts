// The flat-file calls (openapi/paths/data.yaml#/datafiles, flat-files.yaml): the list, one file,
// its errors, running again, deleting, debugging, the streams and the time zones.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, unwrap } from '../../../../api/client';
import { flatFileKeys, streamKeys } from './keys';

export type FlatFile = components['schemas']['FlatFile'];
export type FlatFileError = components['schemas']['FlatFileError'];
export type FlatFileErrorType = components['schemas']['FlatFileErrorType'];
export type FlatFileObjectType = components['schemas']['FlatFileObjectType'];
export type DatafileErrors = components['schemas']['DatafileErrors'];
export type Stream = components['schemas']['Stream'];

/** Files shown on the ingestion page (newest first); older ones page in with "Show more". */
export const FILES_PAGE = 50;

export function useFlatFilesQuery(limit: number) {
  return useQuery({
    queryKey: flatFileKeys.list(limit, 0),
    queryFn: () => unwrap(api.GET('/api/database-connections/pull-based-datafiles', { params: { query: { limit: Math.min(limit, 100), offset: 0 } } })),
    placeholderData: (previous) => previous,
  });
}

export function useFlatFileQuery(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: flatFileKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/database-connections/pull-based-datafiles/{fileId}', { params: { path: { fileId: id } } })),
    enabled: options.enabled ?? true,
  });
}

/** One page of a file's row errors (the panel shows the first page; Download JSON reads them all). */
export function fetchFlatFileErrors(id: number, limit: number, offset = 0) {
  return unwrap(api.GET('/api/database-connections/pull-based-datafiles/{fileId}/errors', { params: { path: { fileId: id }, query: { limit, offset } } }));
}

export function useFlatFileErrorsQuery(id: number, limit: number, run: string, options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: flatFileKeys.errors(id, limit, run), queryFn: () => fetchFlatFileErrors(id, limit), enabled: options.enabled ?? true });
}

/** Every error of the file's latest run, page after page (Download JSON). */
export async function fetchAllFlatFileErrors(id: number): Promise<DatafileErrors> {
  const PAGE = 100_000;
  const first = await fetchFlatFileErrors(id, PAGE);
  const all = { ...first, errors: { annotation_transformation_exceptions: [...first.errors.annotation_transformation_exceptions], unhandled_exceptions: [...first.errors.unhandled_exceptions] } };
  for (let offset = PAGE; offset < first.total; offset += PAGE) {
    const page = await fetchFlatFileErrors(id, PAGE, offset);
    all.errors.annotation_transformation_exceptions.push(...page.errors.annotation_transformation_exceptions);
    all.errors.unhandled_exceptions.push(...page.errors.unhandled_exceptions);
  }
  return all;
}

/** The file changed on the server: its row, its detail and its errors are read again. */
function useInvalidateFile() {
  const client = useQueryClient();
  return (id: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: flatFileKeys.lists() }),
      client.invalidateQueries({ queryKey: flatFileKeys.detail(id) }),
      client.invalidateQueries({ queryKey: [...flatFileKeys.all, 'errors', id] }),
    ]);
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

export function useCreateFlatFileMutation() {
  return useMutation({
    mutationFn: (body: components['schemas']['DatafileCreate']) => unwrap(api.POST('/api/database-connections/pull-based-datafiles', { body })),
  });
}

export function useStreamsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: streamKeys.list(),
    queryFn: async () => (await unwrap(api.GET('/api/database-connections/streams'))).streams,
    enabled: options.enabled ?? true,
  });
}

/** The stream time-zone picker's list; it changes only with a release. */
export function useTimezonesQuery() {
  return useQuery({
    queryKey: streamKeys.timezones(),
    queryFn: async () => (await unwrap(api.GET('/api/database-connections/streams/get_timezones'))).timezones,
    staleTime: Infinity,
  });
}
