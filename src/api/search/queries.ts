// Global search (spec part 2, sections 5 and 7): the search operations the caller names, in
// parallel, each cached for 5 minutes per phrase.
import { useQueries } from '@tanstack/react-query';
import type { components, paths } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { searchKeys } from './keys';

export type SearchResult = components['schemas']['SearchResult'];
/** The v1 search operations: POST /api/<kind>/search, one request and one response schema for all. */
export type SearchPath = Extract<keyof paths, `/api/${string}/search`>;

export const SEARCH_STALE_TIME_MS = 5 * 60 * 1000;

export async function fetchSearchResults(path: SearchPath, phrase: string, signal?: AbortSignal): Promise<SearchResult[]> {
  // Every search operation shares one request and one response schema, so the entities path
  // stands in for the union in the type.
  const body = await unwrap(api.POST(path as '/api/entities/search', { body: { phrase }, signal }));
  return body.results;
}

/** `phrase` is the submitted phrase (null before Enter): nothing is fetched until then. One query per path, in order. */
export function useSearchQueries(searchPaths: readonly SearchPath[], phrase: string | null) {
  return useQueries({
    queries: searchPaths.map((path) => ({
      queryKey: searchKeys.results(path, phrase ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSearchResults(path, phrase ?? '', signal),
      enabled: phrase !== null,
      staleTime: SEARCH_STALE_TIME_MS,
      // Retries follow the client default: 5xx and network errors twice, 4xx never.
    })),
  });
}
