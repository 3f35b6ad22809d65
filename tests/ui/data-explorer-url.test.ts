// The data explorer's URL state: parse, serialise and the request bodies, with the spec's
// before-date rule and amount bounds.
import { describe, expect, it } from 'vitest';
import {
  EMPTY_STATE,
  beforeDateEnd,
  clearFilters,
  hasFilters,
  parseExplorerState,
  serializeExplorerState,
  switchTab,
  toActionEventRequest,
  toTransactionRequest,
} from '../../src/areas/data-explorer/list/explorer-url';

const NY = 'America/New_York';

describe('explorer URL', () => {
  it('the plain explorer is the transactions tab with no filters, newest first', () => {
    expect(parseExplorerState('')).toEqual(EMPTY_STATE);
    expect(serializeExplorerState(EMPTY_STATE)).toBe('');
  });

  it('reads every filter of a link and writes it back the same way', () => {
    const qs =
      '?entity=12,40&direction=outbound&min=1000&max=5000&currency=USD&status=COMPLETED,PENDING&type=WIRE,CASH&tag=3&from=2026-10-01&to=2026-10-31&hide=placeholder,spooled&dir=asc';
    const state = parseExplorerState(qs);
    expect(state).toEqual({
      ...EMPTY_STATE,
      entityIds: [12, 40],
      direction: 'outbound',
      min: 1000,
      max: 5000,
      currency: 'USD',
      statuses: ['COMPLETED', 'PENDING'],
      types: ['WIRE', 'CASH'],
      tagIds: [3],
      from: '2026-10-01',
      to: '2026-10-31',
      hidePlaceholder: true,
      hideSpooled: true,
      dir: 'asc',
    });
    expect(serializeExplorerState(state)).toBe(qs);
  });

  it('keeps parameters that are not its own (the right panel)', () => {
    const state = parseExplorerState('?panel=transaction:5&status=FAILED');
    expect(serializeExplorerState({ ...state, statuses: [] }, '?panel=transaction:5&status=FAILED')).toBe('?panel=transaction%3A5');
  });

  it('drops what is malformed: amounts of 0 or less, unknown values, bad dates, direction without entities', () => {
    const state = parseExplorerState(
      '?min=0&max=-5&currency=dollars&status=LOST,FAILED&type=GOLD&from=2026-02-30&to=yesterday&direction=sideways&tab=nope&entity=a,0,7',
    );
    expect(state).toEqual({ ...EMPTY_STATE, statuses: ['FAILED'], entityIds: [7] });
    expect(serializeExplorerState({ ...EMPTY_STATE, direction: 'inbound' })).toBe('');
    expect(serializeExplorerState({ ...EMPTY_STATE, min: 0, max: -1 })).toBe('');
  });

  it('the action events tab writes its own filters only', () => {
    const state = parseExplorerState('?tab=action-events&action=LOGIN,ADD_PAYEE&entity=9&status=FAILED');
    expect(state.tab).toBe('action-events');
    expect(state.actionTypes).toEqual(['LOGIN', 'ADD_PAYEE']);
    expect(serializeExplorerState(state)).toBe('?tab=action-events&entity=9&action=LOGIN,ADD_PAYEE');
  });

  it('switching tabs keeps entities, dates, tags and order and leaves the other tab’s filters', () => {
    const state = parseExplorerState('?entity=9&direction=inbound&min=10&tag=2&from=2026-01-01&dir=asc');
    const next = switchTab(state, 'action-events');
    expect(serializeExplorerState(next)).toBe('?tab=action-events&entity=9&tag=2&from=2026-01-01&dir=asc');
    expect(serializeExplorerState(switchTab(next, 'transactions'))).toBe('?entity=9&tag=2&from=2026-01-01&dir=asc');
  });

  it('clearing filters keeps the tab and the order', () => {
    const state = parseExplorerState('?tab=action-events&action=LOGIN&dir=asc');
    expect(hasFilters(state)).toBe(true);
    const cleared = clearFilters(state);
    expect(hasFilters(cleared)).toBe(false);
    expect(serializeExplorerState(cleared)).toBe('?tab=action-events&dir=asc');
  });
});

describe('request bodies', () => {
  it('the before-date rule: the end date is one day after the chosen date (start of that day in the agent’s zone)', () => {
    expect(beforeDateEnd('2026-10-31', NY)).toBe('2026-11-01T04:00:00Z');
    // across the end of daylight saving time (1 November 2026 in New York)
    expect(beforeDateEnd('2026-11-01', NY)).toBe('2026-11-02T05:00:00Z');
    expect(beforeDateEnd('2026-12-31', 'UTC')).toBe('2027-01-01T00:00:00Z');
  });

  it('sends the transaction filter payload', () => {
    const state = parseExplorerState(
      '?entity=12&direction=other&min=100&max=900.5&currency=CAD&status=REVERSED&type=CHECK&tag=4,5&from=2026-10-01&to=2026-10-31&hide=spooled&dir=asc',
    );
    expect(toTransactionRequest(state, NY)).toEqual({
      sort_column: 'event_time',
      sort_direction: 'ascending',
      direction: 'OTHER',
      entity_ids: [12],
      minimum_amount: 100,
      maximum_amount: 900.5,
      currency: 'CAD',
      statuses: ['REVERSED'],
      internal_txn_types: ['CHECK'],
      tag_ids: [4, 5],
      start_date: '2026-10-01T04:00:00Z',
      end_date: '2026-11-01T04:00:00Z',
      hide_placeholder: false,
      hide_spooled: true,
    });
  });

  it('amount bounds apply only above 0; direction only with entities', () => {
    const body = toTransactionRequest({ ...EMPTY_STATE, min: 0, max: null, direction: 'outbound' }, NY);
    expect(body).toEqual({ sort_column: 'event_time', sort_direction: 'descending', direction: 'ANY', hide_placeholder: false, hide_spooled: false });
  });

  it('sends the action event filters', () => {
    const state = parseExplorerState('?tab=action-events&entity=3&action=FAILED_LOGIN&tag=1&to=2026-03-07');
    expect(toActionEventRequest(state, 'UTC')).toEqual({
      sort_column: 'event_time',
      sort_direction: 'descending',
      entity_ids: [3],
      action_types: ['FAILED_LOGIN'],
      tag_ids: [1],
      end_date: '2026-03-08T00:00:00Z',
    });
  });
});
