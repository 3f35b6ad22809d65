// Reads several resources make alike: one page of a list that a virtual table observes, and a record
// read live or, while cold storage is on, through the cache that brings it back (that answer carries
// the data_loader the page waits on).
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useColdStorageEnabled } from './session/queries';

export interface PageRange {
  limit: number;
  offset: number;
}

/** One page of a list for a filter set; the signal cancels a page scrolled past before it arrives. */
export function listPageQuery<Page>(
  queryKey: QueryKey,
  page: { index: number; size: number; staleTime: number },
  fetchPage: (range: PageRange, signal: AbortSignal) => Promise<Page>,
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<Page> => fetchPage({ limit: page.size, offset: page.index * page.size }, signal),
    staleTime: page.staleTime,
  };
}

interface RecordOptions {
  enabled: boolean;
  staleTime?: number;
  gcTime?: number;
}

/** A record read live, or through the cold-storage cache while cold storage is on. */
export function useRecordQuery<T>(
  queryKey: QueryKey,
  read: { live: () => Promise<T>; cached: () => Promise<T> },
  { enabled, staleTime, gcTime }: RecordOptions,
) {
  const cached = useColdStorageEnabled();
  return useQuery({
    queryKey,
    queryFn: () => (cached ? read.cached() : read.live()),
    enabled,
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(gcTime === undefined ? {} : { gcTime }),
  });
}
