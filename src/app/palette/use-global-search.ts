// Global search (spec part 2, sections 5 and 7): every search operation the agent may call, in
// parallel, each cached for 5 minutes per phrase.
import { useQueries } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { GuardSubject } from '../../lib/permissions';
import { allowedSearchSources, type SearchResult, type SearchSource } from './palette-sources';

export const SEARCH_STALE_TIME_MS = 5 * 60 * 1000;

export interface SearchGroup {
  source: SearchSource;
  results: SearchResult[];
}

export function searchQueryKey(path: string, phrase: string) {
  return ['search', path, phrase] as const;
}

async function search(source: SearchSource, phrase: string, signal: AbortSignal): Promise<SearchResult[]> {
  // Every v1 search operation shares one request and one response schema, so the entities path
  // stands in for the union in the type.
  const path = source.path as '/api/entities/search';
  const body = await unwrap(api.POST(path, { body: { phrase }, signal }));
  return body.results;
}

/** `phrase` is the submitted phrase (null before Enter): nothing is fetched until then. */
export function useGlobalSearch(phrase: string | null, agent: GuardSubject): { groups: SearchGroup[]; loading: boolean; count: number } {
  const sources = allowedSearchSources(agent);
  const queries = useQueries({
    queries: sources.map((source) => ({
      queryKey: searchQueryKey(source.path, phrase ?? ''),
      queryFn: ({ signal }: { signal: AbortSignal }) => search(source, phrase ?? '', signal),
      enabled: phrase !== null,
      staleTime: SEARCH_STALE_TIME_MS,
      // Retries follow the client default: 5xx and network errors twice, 4xx never.
    })),
  });
  const groups = sources
    .map((source, i) => ({ source, results: queries[i]?.data ?? [] }))
    .filter((g) => g.results.length > 0);
  return {
    groups,
    // One slow kind does not hold back the others: results show as they arrive.
    loading: phrase !== null && queries.some((q) => q.isFetching) && groups.length === 0,
    count: groups.reduce((n, g) => n + g.results.length, 0),
  };
}
