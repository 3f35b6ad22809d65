import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { fileExportKeys, type FileExportListParams } from './keys';

export type FileExportItem = components['schemas']['FileExportItem'];
export type FileExportList = components['schemas']['FileExportList'];

/** While an export is requested or being generated the list is read again this often (its progress). */
const IN_FLIGHT_POLL_MS = 2000;

export const inFlight = (e: Pick<FileExportItem, 'status'>) => e.status === 'REQUESTED' || e.status === 'GENERATING';

/** One page of the file exports the caller may see (the server scopes them). */
export function useFileExportsQuery(params: FileExportListParams) {
  return useQuery({
    queryKey: fileExportKeys.list(params),
    queryFn: () => unwrap(api.GET('/api/file-exports', { params: { query: params } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.file_exports.some(inFlight) ? IN_FLIGHT_POLL_MS : false),
  });
}

const FILE_NAME = /filename="([^"]+)"/;

/** Saves an export's file; false when it could not be fetched. */
export async function downloadFileExport(id: number): Promise<boolean> {
  let answer: { data?: unknown; response: Response };
  try {
    answer = await api.GET('/api/file-exports/{id}/download', { params: { path: { id } }, parseAs: 'blob' });
  } catch {
    return false;
  }
  const { data, response } = answer;
  if (response.status !== 200 || !data) return false;
  const name = FILE_NAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `export-${id}`;
  const url = URL.createObjectURL(data as Blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
