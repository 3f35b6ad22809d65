// Global search (spec part 2, sections 5 and 7): every search operation the agent may call, in
// parallel, each cached for 5 minutes per phrase.
import { useSearchQueries } from '../../api/search/queries';
import type { GuardSubject } from '../../lib/permissions';
import { allowedSearchSources, type SearchResult, type SearchSource } from './palette-sources';

export interface SearchGroup {
  source: SearchSource;
  results: SearchResult[];
}

/** `phrase` is the submitted phrase (null before Enter): nothing is fetched until then. */
export function useGlobalSearch(phrase: string | null, agent: GuardSubject): { groups: SearchGroup[]; loading: boolean; count: number } {
  const sources = allowedSearchSources(agent);
  const queries = useSearchQueries(
    sources.map((source) => source.path),
    phrase,
  );
  const groups = sources.map((source, i) => ({ source, results: queries[i]?.data ?? [] })).filter((g) => g.results.length > 0);
  return {
    groups,
    // One slow kind does not hold back the others: results show as they arrive.
    loading: phrase !== null && queries.some((q) => q.isFetching) && groups.length === 0,
    count: groups.reduce((n, g) => n + g.results.length, 0),
  };
}
