// The data explorer's tab and filters live in the query string, so a link reproduces the view and
// Back/Forward step through changes:
//   /data-explorer?entity=12,40&direction=outbound&min=1000&max=5000&currency=USD&status=COMPLETED
//     &type=WIRE,CASH&tag=3&from=2026-10-01&to=2026-10-31&hide=placeholder,spooled&dir=asc
//   /data-explorer?tab=action-events&entity=12&action=LOGIN&from=…&to=…&tag=3
// Pure functions: parse, serialise (keeping parameters that are not the explorer's, such as
// ?panel=), and turn the state into the list request bodies.
import type { ActionEventListFilters, ActionType } from '../../../api/action-events/queries';
import type { InternalTxnType, TransactionListFilters, TransactionStatus } from '../../../api/transactions/queries';
import { calendarDay, startOfDay, startOfNextDay } from '../../../lib/time';

export const EXPLORER_TABS = ['transactions', 'action-events'] as const;
export type ExplorerTab = (typeof EXPLORER_TABS)[number];

export const DIRECTIONS = ['any', 'outbound', 'inbound', 'other'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const TRANSACTION_STATUSES: readonly TransactionStatus[] = ['COMPLETED', 'PENDING', 'FAILED', 'REVERSED'];
export const TXN_TYPES: readonly InternalTxnType[] = ['ACH', 'WIRE', 'CARD', 'CHECK', 'CASH', 'P2P', 'INTERNAL_TRANSFER'];
export const ACTION_TYPES: readonly ActionType[] = [
  'LOGIN',
  'FAILED_LOGIN',
  'PASSWORD_RESET',
  'CHANGE_EMAIL',
  'CHANGE_PHONE',
  'ADD_PAYEE',
  'ADD_DEVICE',
  'PROFILE_UPDATE',
];
export const CURRENCY = /^[A-Z]{3}$/;

export type SortDir = 'asc' | 'desc';

export interface ExplorerState {
  tab: ExplorerTab;
  /** Shared by both tabs: entities (internal ids), dates, tags and the order. */
  entityIds: number[];
  /** Calendar dates (YYYY-MM-DD) in the agent's time zone; `to` is the before-date, its day included. */
  from: string | null;
  to: string | null;
  tagIds: number[];
  dir: SortDir;
  /** Transactions only. Direction is relative to the chosen entities. */
  direction: Direction;
  min: number | null;
  max: number | null;
  currency: string | null;
  statuses: TransactionStatus[];
  types: InternalTxnType[];
  hidePlaceholder: boolean;
  hideSpooled: boolean;
  /** Action events only. */
  actionTypes: ActionType[];
}

export const EMPTY_STATE: ExplorerState = {
  tab: 'transactions',
  entityIds: [],
  from: null,
  to: null,
  tagIds: [],
  dir: 'desc',
  direction: 'any',
  min: null,
  max: null,
  currency: null,
  statuses: [],
  types: [],
  hidePlaceholder: false,
  hideSpooled: false,
  actionTypes: [],
};

/** The query parameters the explorer owns; any other parameter is left as it was. */
export const EXPLORER_PARAMS = [
  'tab',
  'entity',
  'from',
  'to',
  'tag',
  'dir',
  'direction',
  'min',
  'max',
  'currency',
  'status',
  'type',
  'hide',
  'action',
] as const;

/** The contract's limit on entity and tag ids per request. */
const MAX_IDS = 100;

function ids(value: string | null): number[] {
  if (!value) return [];
  const out: number[] = [];
  for (const part of value.split(',')) {
    const n = Number(part);
    if (part.trim() !== '' && Number.isInteger(n) && n >= 1 && !out.includes(n)) out.push(n);
  }
  return out.slice(0, MAX_IDS);
}

function amount(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  // Amount filters apply only for values greater than 0 (spec part 2, section 5).
  return Number.isFinite(n) && n > 0 ? n : null;
}

function members<T extends string>(value: string | null, allowed: readonly T[]): T[] {
  const out: T[] = [];
  for (const part of (value ?? '').split(',')) if ((allowed as readonly string[]).includes(part) && !out.includes(part as T)) out.push(part as T);
  return out;
}

/** Reads the explorer's state from a query string; anything malformed falls back to its default. */
export function parseExplorerState(search: string): ExplorerState {
  const p = new URLSearchParams(search);
  const tab = p.get('tab');
  const direction = p.get('direction');
  const currency = (p.get('currency') ?? '').toUpperCase();
  const hide = members(p.get('hide'), ['placeholder', 'spooled'] as const);
  return {
    tab: (EXPLORER_TABS as readonly string[]).includes(tab ?? '') ? (tab as ExplorerTab) : 'transactions',
    entityIds: ids(p.get('entity')),
    from: calendarDay(p.get('from')),
    to: calendarDay(p.get('to')),
    tagIds: ids(p.get('tag')),
    dir: p.get('dir') === 'asc' ? 'asc' : 'desc',
    direction: (DIRECTIONS as readonly string[]).includes(direction ?? '') ? (direction as Direction) : 'any',
    min: amount(p.get('min')),
    max: amount(p.get('max')),
    currency: CURRENCY.test(currency) ? currency : null,
    statuses: members(p.get('status'), TRANSACTION_STATUSES),
    types: members(p.get('type'), TXN_TYPES),
    hidePlaceholder: hide.includes('placeholder'),
    hideSpooled: hide.includes('spooled'),
    actionTypes: members(p.get('action'), ACTION_TYPES),
  };
}

/**
 * The query string for `state`, starting from `current` so foreign parameters (the right panel's
 * ?panel=) survive. Defaults are left out, so the plain explorer is plain "/data-explorer"; a
 * tab's own filters are written only on that tab.
 */
export function serializeExplorerState(state: ExplorerState, current = ''): string {
  const p = new URLSearchParams(current);
  EXPLORER_PARAMS.forEach((k) => p.delete(k));
  const set = (k: string, v: string | null | false) => {
    if (v) p.set(k, v);
  };
  const txn = state.tab === 'transactions';
  set('tab', txn ? null : state.tab);
  set('entity', state.entityIds.join(','));
  if (txn) {
    set('direction', state.direction !== 'any' && state.entityIds.length > 0 && state.direction);
    set('min', state.min !== null && state.min > 0 && String(state.min));
    set('max', state.max !== null && state.max > 0 && String(state.max));
    set('currency', state.currency);
    set('status', state.statuses.join(','));
    set('type', state.types.join(','));
  } else {
    set('action', state.actionTypes.join(','));
  }
  set('tag', state.tagIds.join(','));
  set('from', state.from);
  set('to', state.to);
  if (txn) set('hide', [state.hidePlaceholder && 'placeholder', state.hideSpooled && 'spooled'].filter(Boolean).join(','));
  set('dir', state.dir === 'asc' && 'asc');
  const out = p.toString().replace(/%2C/gi, ',');
  return out ? `?${out}` : '';
}

/**
 * The spec's before-date rule ("A timestamp before-date filter sets the end date to one day after
 * the chosen date"): the end is the start of the next day, so the chosen day is included.
 */
export function beforeDateEnd(day: string, timeZone: string): string {
  return startOfNextDay(day, timeZone);
}

const API_DIRECTION = { any: 'ANY', outbound: 'OUTBOUND', inbound: 'INBOUND', other: 'OTHER' } as const;

/** The body of POST /api/txn-events/list for `state` (paging is added per page). */
export function toTransactionRequest(state: ExplorerState, timeZone: string): TransactionListFilters {
  // The contract's defaults are sent as they are: the body states the whole view.
  const body: TransactionListFilters = {
    sort_column: 'event_time',
    sort_direction: state.dir === 'asc' ? 'ascending' : 'descending',
    direction: 'ANY',
    hide_placeholder: state.hidePlaceholder,
    hide_spooled: state.hideSpooled,
  };
  if (state.min !== null && state.min > 0) body.minimum_amount = state.min;
  if (state.max !== null && state.max > 0) body.maximum_amount = state.max;
  if (state.currency) body.currency = state.currency;
  if (state.entityIds.length) {
    body.entity_ids = [...state.entityIds];
    if (state.direction !== 'any') body.direction = API_DIRECTION[state.direction];
  }
  if (state.statuses.length) body.statuses = [...state.statuses];
  if (state.from) body.start_date = startOfDay(state.from, timeZone);
  if (state.to) body.end_date = beforeDateEnd(state.to, timeZone);
  if (state.types.length) body.internal_txn_types = [...state.types];
  if (state.tagIds.length) body.tag_ids = [...state.tagIds];
  return body;
}

/** The body of POST /api/action-events/list for `state` (paging is added per page). */
export function toActionEventRequest(state: ExplorerState, timeZone: string): ActionEventListFilters {
  const body: ActionEventListFilters = { sort_column: 'event_time', sort_direction: state.dir === 'asc' ? 'ascending' : 'descending' };
  if (state.entityIds.length) body.entity_ids = [...state.entityIds];
  if (state.actionTypes.length) body.action_types = [...state.actionTypes];
  if (state.from) body.start_date = startOfDay(state.from, timeZone);
  if (state.to) body.end_date = beforeDateEnd(state.to, timeZone);
  if (state.tagIds.length) body.tag_ids = [...state.tagIds];
  return body;
}

/** Whether any filter of the current tab narrows the list (what "Clear filters" clears). */
export function hasFilters(state: ExplorerState): boolean {
  const shared = state.entityIds.length > 0 || state.from !== null || state.to !== null || state.tagIds.length > 0;
  if (state.tab === 'action-events') return shared || state.actionTypes.length > 0;
  return (
    shared ||
    state.min !== null ||
    state.max !== null ||
    state.currency !== null ||
    state.statuses.length > 0 ||
    state.types.length > 0 ||
    state.hidePlaceholder ||
    state.hideSpooled
  );
}

/** Every filter cleared; the tab and the order stay. */
export function clearFilters(state: ExplorerState): ExplorerState {
  return { ...EMPTY_STATE, tab: state.tab, dir: state.dir };
}

/**
 * Switching tabs keeps what both lists filter on (entities, dates, tags, order), so "this
 * customer's transactions" becomes "this customer's action events"; the other tab's filters go.
 */
export function switchTab(state: ExplorerState, tab: ExplorerTab): ExplorerState {
  return { ...EMPTY_STATE, tab, entityIds: state.entityIds, from: state.from, to: state.to, tagIds: state.tagIds, dir: state.dir };
}
