// What the palette lists besides registered commands: the routes the agent may open and the global
// search sources. Both read the route table and permission guards, never an area.
import { isAllowed, type GuardSubject, type PermissionName } from '../../lib/permissions';
import type { AppRoute } from '../routes.types';
import type { components } from '../../../openapi/schema';

export type SearchResult = components['schemas']['SearchResult'];
export type SearchObjectType = components['schemas']['SearchObjectType'];

/** Routes offered as "Go to" commands: allowed, signed-in, and without path parameters. */
export function paletteRoutes(routes: readonly AppRoute[], agent: GuardSubject): AppRoute[] {
  return routes.filter((r) => !r.public && r.screen !== 'error' && !r.path.includes(':') && isAllowed(r.guard, agent));
}

export const SEARCH_PATHS = [
  '/api/entities/search',
  '/api/instruments/search',
  '/api/events/search',
  '/api/actions/search',
  '/api/alerts/search',
  '/api/cases/search',
  '/api/rules/search',
  '/api/teams/search',
] as const;

export type SearchPath = (typeof SEARCH_PATHS)[number];

export interface SearchSource {
  path: SearchPath;
  kind: SearchObjectType;
  /** Group heading in the palette. */
  label: string;
  permission: PermissionName;
}

/** One v1 search operation per object kind, with the permission its contract requires. */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  { path: '/api/entities/search', kind: 'ENTITY', label: 'Entities', permission: 'read_entities' },
  { path: '/api/instruments/search', kind: 'INSTRUMENT', label: 'Instruments', permission: 'read_transaction_instruments' },
  { path: '/api/events/search', kind: 'TRANSACTION', label: 'Transactions', permission: 'read_events' },
  { path: '/api/actions/search', kind: 'ACTION_EVENT', label: 'Action events', permission: 'read_events' },
  { path: '/api/alerts/search', kind: 'ALERT', label: 'Alerts', permission: 'read_alerts' },
  { path: '/api/cases/search', kind: 'CASE', label: 'Cases', permission: 'read_cases' },
  { path: '/api/rules/search', kind: 'RULE', label: 'Rules', permission: 'read_rules' },
  { path: '/api/teams/search', kind: 'TEAM', label: 'Teams', permission: 'read_teams' },
];

export function allowedSearchSources(agent: GuardSubject): SearchSource[] {
  return SEARCH_SOURCES.filter((s) => isAllowed({ allOf: [s.permission] }, agent));
}

/** Spec part 2, section 5: search runs only for phrases longer than 1 character. */
export const MIN_SEARCH_LENGTH = 2;

export function canSearch(phrase: string): boolean {
  return phrase.trim().length >= MIN_SEARCH_LENGTH;
}

const OBJECT_PATHS: Partial<Record<SearchObjectType, (id: string) => string>> = {
  ENTITY: (id) => `/entities/${id}`,
  INSTRUMENT: (id) => `/instruments/${id}`,
  TRANSACTION: (id) => `/data-explorer/transactions/${id}`,
  ACTION_EVENT: (id) => `/data-explorer/action-events/${id}`,
  ALERT: (id) => `/alerts/${id}`,
  CASE: (id) => `/cases/${id}`,
  RULE: (id) => `/rules/${id}`,
  TEAM: (id) => `/teams/${id}`,
};

/** The page of a search result, or null for kinds without one (notes). */
export function resultPath(result: Pick<SearchResult, 'object_type' | 'id'>): string | null {
  const build = OBJECT_PATHS[result.object_type];
  return build ? build(encodeURIComponent(String(result.id))) : null;
}

export type SearchMessage = 'Type to search' | 'Press enter to search' | 'Loading...' | 'No results found' | null;

/** The status line under the search group (spec part 2, section 5 messages). */
export function searchMessage(input: { phrase: string; submitted: string | null; loading: boolean; count: number }): SearchMessage {
  if (!canSearch(input.phrase)) return 'Type to search';
  if (input.submitted !== input.phrase.trim()) return 'Press enter to search';
  if (input.loading) return 'Loading...';
  return input.count === 0 ? 'No results found' : null;
}
