// The flat-file reads (openapi/paths/data.yaml#/datafiles, flat-files.yaml): the list, one file and
// its row errors.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { flatFileKeys } from './keys';

export type FlatFile = components['schemas']['FlatFile'];
export type FlatFileError = components['schemas']['FlatFileError'];
export type FlatFileErrorType = components['schemas']['FlatFileErrorType'];
export type FlatFileObjectType = components['schemas']['FlatFileObjectType'];
export type DatafileErrors = components['schemas']['DatafileErrors'];

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
  const all = {
    ...first,
    errors: {
      annotation_transformation_exceptions: [...first.errors.annotation_transformation_exceptions],
      unhandled_exceptions: [...first.errors.unhandled_exceptions],
    },
  };
  for (let offset = PAGE; offset < first.total; offset += PAGE) {
    const page = await fetchFlatFileErrors(id, PAGE, offset);
    all.errors.annotation_transformation_exceptions.push(...page.errors.annotation_transformation_exceptions);
    all.errors.unhandled_exceptions.push(...page.errors.unhandled_exceptions);
  }
  return all;
}
