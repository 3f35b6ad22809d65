// Rows fetched by pages for the virtual table: only the pages the visible rows fall in are observed
// (and fetched), so a list of 100,000 rows reads a few hundred at a time. Any page answers the total
// count, which sizes the scroll area.
import { useQueries, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export interface PageResult<Row> {
  count: number;
  rows: Row[];
}

export interface PagedRowsOptions<Row, TData> {
  /** Identity of the filter set and order: when it changes, the list starts over from the top. */
  resetKey: string;
  pageSize: number;
  /** False holds the fetching (the list is not ready to ask yet); the table shows it loading. */
  enabled?: boolean;
  pageQuery: (page: number) => { queryKey: QueryKey; queryFn: QueryFunction<TData>; staleTime?: number };
  select: (data: TData) => PageResult<Row>;
}

export interface PagedRows<Row> {
  resetKey: string;
  pageSize: number;
  /** Total rows; the last known total while the first page of a new filter set loads; null before any. */
  count: number | null;
  /** The row at `index`, or undefined while its page loads. */
  get: (index: number) => Row | undefined;
  /** The virtual table reports the rows it shows; their pages become the ones fetched. */
  setRange: (start: number, end: number) => void;
  /** Rows of the pages fetched for the current view (what "select all" selects). */
  loadedRows: Row[];
  status: 'pending' | 'error' | 'success';
  fetching: boolean;
  retry: () => void;
}

/** Pages covering rows start..end (inclusive). */
export function pagesFor(start: number, end: number, pageSize: number): number[] {
  if (end < start) return [0];
  const out: number[] = [];
  for (let p = Math.floor(Math.max(0, start) / pageSize); p <= Math.floor(Math.max(0, end) / pageSize); p += 1) out.push(p);
  return out;
}

/** While the scroll bar is dragged the range changes every frame; pages are asked for once it rests. */
export const RANGE_SETTLE_MS = 90;

export function usePagedRows<Row, TData>({ resetKey, pageSize, enabled = true, pageQuery, select }: PagedRowsOptions<Row, TData>): PagedRows<Row> {
  const [observed, setObserved] = useState<{ key: string; pages: number[] }>({ key: resetKey, pages: [0] });
  const pages = observed.key === resetKey ? observed.pages : [0];
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keyRef = useRef(resetKey);
  useLayoutEffect(() => {
    keyRef.current = resetKey;
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const setRange = useCallback(
    (start: number, end: number) => {
      const next = pagesFor(start, end, pageSize);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const key = keyRef.current;
        setObserved((cur) => (cur.key === key && cur.pages.join() === next.join() ? cur : { key, pages: next }));
      }, RANGE_SETTLE_MS);
    },
    [pageSize],
  );

  const results = useQueries({ queries: pages.map((p) => ({ ...pageQuery(p), enabled })) });

  const byPage = new Map<number, PageResult<Row>>();
  let count: number | null = null;
  let newest = -1;
  results.forEach((r, i) => {
    if (r.data === undefined) return;
    const page = select(r.data);
    byPage.set(pages[i], page);
    if (r.dataUpdatedAt > newest) {
      newest = r.dataUpdatedAt;
      count = page.count;
    }
  });

  // The last total of this filter set (or the previous one while it loads) keeps the scroll area
  // its size while the pages in view are fetched.
  const [lastCount, setLastCount] = useState<{ key: string; count: number } | null>(null);
  const remembered = count !== null ? { key: resetKey, count } : lastCount;
  if (count !== null && (lastCount?.key !== resetKey || lastCount.count !== count)) setLastCount({ key: resetKey, count });
  const shownCount = enabled ? (count ?? remembered?.count ?? null) : null;
  const known = remembered?.key === resetKey;

  const errored = results.find((r) => r.isError && r.data === undefined);
  const status: PagedRows<Row>['status'] = errored ? 'error' : known ? 'success' : 'pending';
  const fetching = results.some((r) => r.isFetching);
  // The same array for as long as the same pages hold the same data: the table builds its row
  // model from it, so scrolling within fetched pages rebuilds nothing.
  const datas = results.map((r) => r.data);
  const [loaded, setLoaded] = useState<{ pages: string; datas: unknown[]; rows: Row[] } | null>(null);
  const pagesKey = pages.join();
  const stale = !loaded || loaded.pages !== pagesKey || loaded.datas.length !== datas.length || datas.some((d, i) => d !== loaded.datas[i]);
  const current = stale ? { pages: pagesKey, datas, rows: pages.flatMap((p) => byPage.get(p)?.rows ?? []) } : loaded;
  if (stale) setLoaded(current);
  const loadedRows = current.rows;

  return {
    resetKey,
    pageSize,
    count: shownCount,
    get: (index) => byPage.get(Math.floor(index / pageSize))?.rows[index % pageSize],
    setRange,
    loadedRows,
    status,
    fetching,
    retry: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}
