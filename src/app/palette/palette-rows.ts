// What each kind of palette row is called (its cmdk value) and found by (its keywords), shared by
// cmdk's filter and by the palette's own group ordering so both rank a row the same way.
import type { AppRoute } from '../routes.types';
import { rankRow } from './palette-rank';
import type { SearchResult } from './palette-sources';
import type { RecentObject } from './recent';
import type { PaletteCommand } from './registry';

export const SEARCH_TRIGGER = 'search:trigger';
const RESULT_PREFIX = 'result:';
const ROUTE_PREFIX = 'route:';
const COMMAND_PREFIX = 'command:';
const ROUTE_NAMES = 2;
const COMMAND_NAMES = 1;

const KIND_NAMES: Record<string, string> = {
  ENTITY: 'Entity',
  INSTRUMENT: 'Instrument',
  TRANSACTION: 'Transaction',
  ACTION_EVENT: 'Action event',
  ALERT: 'Alert',
  CASE: 'Case',
  RULE: 'Rule',
  TEAM: 'Team',
};

export function kindName(objectType: string): string {
  return KIND_NAMES[objectType] ?? objectType;
}

/** A row as the ranking sees it: visible title first, then other words; the first `names` are its names. */
export interface RowWords {
  words: string[];
  names: number;
}

// A route is named by its title and its path ("/cases"), a command by its title; its other
// keywords only find it loosely. Recent objects have no names: typing "john" should search for
// every John, not open the one seen last.
export const routeRow = (r: AppRoute): RowWords => ({ words: [r.page, r.path], names: ROUTE_NAMES });
export const commandRow = (c: PaletteCommand): RowWords => ({ words: [c.title, ...(c.keywords ?? [])], names: COMMAND_NAMES });
export const recentRow = (item: RecentObject): RowWords => ({ words: [item.title, kindName(item.type)], names: 0 });

export const routeValue = (r: AppRoute) => `${ROUTE_PREFIX}${r.id}`;
export const commandValue = (c: PaletteCommand) => `${COMMAND_PREFIX}${c.id}`;
export const recentValue = (item: RecentObject) => `recent:${item.type}:${item.id}`;
export const resultValue = (r: SearchResult) => `${RESULT_PREFIX}${r.object_type}:${r.id}`;

/**
 * cmdk's filter. Search results and the search row always stay visible: the server already matched
 * them, and the row is how Enter starts a search. Other rows are matched locally by what the agent
 * reads (values are ids such as "route:cases.list"); a route or command whose name was typed, or
 * begins with what was typed, ranks above the search row so Enter runs it.
 */
export function paletteFilter(value: string, search: string, keywords: string[] = []): number {
  if (value.startsWith(RESULT_PREFIX)) return rankRow('result', search, keywords);
  if (value === SEARCH_TRIGGER) return rankRow('search', search, keywords);
  const names = value.startsWith(ROUTE_PREFIX) ? ROUTE_NAMES : value.startsWith(COMMAND_PREFIX) ? COMMAND_NAMES : 0;
  return rankRow('row', search, keywords, names);
}

export function groupBy(commands: readonly PaletteCommand[]): Array<[string, PaletteCommand[]]> {
  const groups = new Map<string, PaletteCommand[]>();
  for (const c of commands) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  return [...groups];
}
