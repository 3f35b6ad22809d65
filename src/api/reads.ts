// Reads several resources make alike: one page of a list that a virtual table observes, and a record
// read live or, while cold storage is on, through the cache that brings it back (that answer carries
// the data_loader the page waits on).
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useColdStorageEnabled } from './session/queries';

export interface PageRange {
  limit: number;
  offset: number;
}

/** A page of a list as the server answers it: the count of all rows, and this page's rows under the list's name. */
export type ListPage<Name extends string, Row> = { count: number } & Record<Name, Row[]>;

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

/** Rows per request of an event list (transactions, action events): the contract's default page, and the unit the virtual list fetches in. */
export const EVENT_PAGE_SIZE = 100;

interface EventKind<Filters, Page, Row> {
  keys: { list: (filters: Filters, page: number) => QueryKey; detail: (id: number) => QueryKey };
  /** One page of the list: the filters with the page's range. */
  list: (body: Filters & PageRange, signal: AbortSignal) => Promise<Page>;
  live: (id: number) => Promise<Row>;
  cached: (id: number) => Promise<Row>;
  staleTime: number;
  gcTime?: number;
}

/** The reads of an event kind the data explorer lists: the pages of its list, and one event by id. */
export function eventReads<Filters, Page, Row>(kind: EventKind<Filters, Page, Row>) {
  return {
    pageQuery: (filters: Filters, page: number) =>
      listPageQuery(kind.keys.list(filters, page), { index: page, size: EVENT_PAGE_SIZE, staleTime: kind.staleTime }, (range, signal) =>
        kind.list({ ...filters, ...range }, signal),
      ),
    useEvent: (id: number) =>
      useRecordQuery(
        kind.keys.detail(id),
        { live: () => kind.live(id), cached: () => kind.cached(id) },
        { staleTime: kind.staleTime, gcTime: kind.gcTime, enabled: id > 0 },
      ),
  };
}
