// The audit log's address: filters and page parsed from a link (what is malformed is no filter, an
// offset off the page grid is the first page), written back without defaults and keeping foreign
// parameters, a filter change back on the first page, and a page past the end clamped to the last.
import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  auditQuery,
  changeFilters,
  clampOffset,
  FIRST_PAGE,
  hasFilters,
  MAX_OFFSET,
  NO_FILTERS,
  PAGE_SIZE,
  parseAuditAddress,
  serializeAuditAddress,
} from '../../src/areas/org-management/audit/audit-log.utils';

const LINK = '?agent=12&object_type=ALERT&object_id=55&action=impersonation.&offset=50';
const FILTERED = { filters: { agentId: 12, objectType: 'ALERT', objectId: '55', action: 'impersonation.' }, offset: 50 };

describe('audit log address', () => {
  it('the plain log has no filters, the first page and no query string', () => {
    expect(parseAuditAddress('')).toEqual(FIRST_PAGE);
    expect(FIRST_PAGE).toEqual({ filters: NO_FILTERS, offset: 0 });
    expect(serializeAuditAddress(FIRST_PAGE)).toBe('');
  });

  it('reads every filter and the page of a link and writes them back the same way', () => {
    expect(parseAuditAddress(LINK)).toEqual(FILTERED);
    expect(parseAuditAddress(LINK.slice(1))).toEqual(FILTERED);
    expect(serializeAuditAddress(FILTERED)).toBe(LINK);
    expect(auditQuery(FILTERED.filters, FILTERED.offset)).toEqual({
      agent_id: 12,
      object_type: 'ALERT',
      object_id: '55',
      action: 'impersonation.',
      limit: PAGE_SIZE,
      offset: 50,
    });
  });

  it('reads a single action and trims the object id', () => {
    expect(parseAuditAddress('?action=permissions.saved&object_type=RISK_MODEL&object_id=%2042%20').filters).toEqual({
      ...NO_FILTERS,
      action: 'permissions.saved',
      objectType: 'RISK_MODEL',
      objectId: '42',
    });
  });

  it('leaves out empty filters and the first page, and keeps parameters that are not its own', () => {
    expect(serializeAuditAddress({ filters: { ...NO_FILTERS, action: 'alert.assign' }, offset: 0 }, 'panel=alert%3A3&offset=100&agent=4')).toBe(
      '?panel=alert%3A3&action=alert.assign',
    );
    expect(serializeAuditAddress(FIRST_PAGE, '?panel=alert%3A3&object_type=CASE')).toBe('?panel=alert%3A3');
    // whitespace alone is no object id, and an id without a type is not written
    expect(serializeAuditAddress({ filters: { ...NO_FILTERS, objectType: 'CASE', objectId: '  ' }, offset: 0 })).toBe('?object_type=CASE');
    expect(serializeAuditAddress({ filters: { ...NO_FILTERS, objectId: '55' }, offset: 0 })).toBe('');
  });

  it('takes a malformed agent as no agent filter', () => {
    for (const agent of ['abc', '0', '-3', '1.5', '012', '1e3', ' 12', '99999999999', '2147483648', '']) {
      expect(parseAuditAddress(`?agent=${encodeURIComponent(agent)}`).filters.agentId, agent).toBeNull();
    }
    expect(parseAuditAddress('?agent=2147483647').filters.agentId).toBe(2147483647);
    // the first of repeated parameters counts
    expect(parseAuditAddress('?agent=3&agent=4').filters.agentId).toBe(3);
  });

  it('takes a malformed object type, object id or action as no filter', () => {
    const bad = (qs: string) => parseAuditAddress(qs).filters;
    expect(bad('?object_type=ALERT%25').objectType).toBe('');
    expect(bad('?object_type=1ALERT').objectType).toBe('');
    expect(bad(`?object_type=${'A'.repeat(61)}`).objectType).toBe('');
    expect(bad(`?object_type=${'A'.repeat(60)}`).objectType).toBe('A'.repeat(60));
    expect(bad(`?object_type=ALERT&object_id=${'9'.repeat(61)}`)).toEqual({ ...NO_FILTERS, objectType: 'ALERT' });
    expect(bad('?object_type=ALERT&object_id=5%0A5')).toEqual({ ...NO_FILTERS, objectType: 'ALERT' });
    // an object id needs a type: the field is disabled without one, so it would be a hidden filter
    expect(bad('?object_id=55')).toEqual(NO_FILTERS);
    expect(bad('?object_type=%25&object_id=55')).toEqual(NO_FILTERS);
    for (const action of ['%25', 'impersonation..', '.started', 'alert assign', 'a%2Fb', `${'a'.repeat(100)}.`]) {
      expect(bad(`?action=${action}`).action, action).toBe('');
    }
    expect(bad(`?action=${'a'.repeat(100)}`).action).toBe('a'.repeat(100));
  });

  it('takes an offset off the page grid, negative or past the contract as the first page', () => {
    const offset = (value: string) => parseAuditAddress(`?offset=${encodeURIComponent(value)}`).offset;
    expect(offset('100')).toBe(100);
    expect(offset(String(MAX_OFFSET))).toBe(MAX_OFFSET);
    for (const value of ['-50', '49', '75', '50.0', '5e1', 'abc', '', ' 50', String(MAX_OFFSET + PAGE_SIZE), '100000000']) {
      expect(offset(value), value).toBe(0);
    }
  });

  it('what it writes it reads back', () => {
    const addresses = [
      FIRST_PAGE,
      FILTERED,
      { filters: { ...NO_FILTERS, agentId: 7 }, offset: 150 },
      { filters: { ...NO_FILTERS, objectType: 'AGENT', objectId: 'a b&c=d' }, offset: 0 },
      { filters: { ...NO_FILTERS, action: 'risk_model.' }, offset: MAX_OFFSET },
    ];
    for (const address of addresses) expect(parseAuditAddress(serializeAuditAddress(address, '?panel=case%3A1'))).toEqual(address);
  });
});

describe('audit log filter changes', () => {
  it('a changed filter goes back to the first page and keeps the other filters', () => {
    expect(changeFilters(FILTERED, { agentId: 3 })).toEqual({ filters: { ...FILTERED.filters, agentId: 3 }, offset: 0 });
    expect(changeFilters(FILTERED, { objectType: 'CASE' })).toEqual({ filters: { ...FILTERED.filters, objectType: 'CASE' }, offset: 0 });
  });

  it('no object type means no object id', () => {
    expect(changeFilters(FILTERED, { objectType: '' })).toEqual({ filters: { ...FILTERED.filters, objectType: '', objectId: '' }, offset: 0 });
  });

  it('knows when anything narrows the log', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters(parseAuditAddress('?offset=50').filters)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, agentId: 1 })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, action: 'impersonation.' })).toBe(true);
  });

  it('clamps a page past the end to the last page', () => {
    expect(clampOffset(0, 0)).toBe(0);
    expect(clampOffset(100, 0)).toBe(0);
    expect(clampOffset(50, 120)).toBe(50);
    expect(clampOffset(500, 120)).toBe(100);
    expect(clampOffset(100, 100)).toBe(50);
    expect(clampOffset(50, 51)).toBe(50);
  });

  it('names an action family as all of its actions', () => {
    expect(actionLabel('impersonation.')).toBe('All impersonation actions');
    expect(actionLabel('risk_model.')).toBe('All risk model actions');
    expect(actionLabel('risk_model.activated')).toBe('risk_model.activated');
  });
});
