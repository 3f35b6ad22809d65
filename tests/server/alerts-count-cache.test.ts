import { describe, expect, it } from 'vitest';
import { alertCountKey, cachedAlertCount, COUNT_TTL_MS, LARGE_COUNT, rememberAlertCount } from '../../server/modules/alerts/count-cache.js';

describe('alert list count cache', () => {
  it('keys on the organisation, the hidden queues and the filters, not on paging or order', () => {
    const a = alertCountKey(1, [7, 3], { statuses: ['OPEN'], limit: 100, offset: 0, sort_column: 'created_at', sort_direction: 'descending' } as never);
    const b = alertCountKey(1, [3, 7], { offset: 500, statuses: ['OPEN'], sort_column: 'deadline', sort_direction: 'ascending' } as never);
    expect(a).toBe(b);
    expect(alertCountKey(2, [3, 7], { statuses: ['OPEN'] } as never)).not.toBe(a);
    expect(alertCountKey(1, [3, 7], { statuses: ['CLOSED'] } as never)).not.toBe(a);
    // a caller who joins a restricted queue (or one outside every queue) counts apart at once
    expect(alertCountKey(1, [3], { statuses: ['OPEN'] } as never)).not.toBe(a);
    expect(alertCountKey(1, [], { statuses: ['OPEN'] } as never)).not.toBe(a);
  });

  it('keeps only large counts, and only for the stale time', () => {
    const key = alertCountKey(99, [], { minimum_amount: 5 } as never);
    rememberAlertCount(key, LARGE_COUNT - 1, 1_000);
    expect(cachedAlertCount(key, 1_001)).toBeNull();
    rememberAlertCount(key, LARGE_COUNT, 1_000);
    expect(cachedAlertCount(key, 1_000 + COUNT_TTL_MS)).toBe(LARGE_COUNT);
    expect(cachedAlertCount(key, 1_001 + COUNT_TTL_MS)).toBeNull();
  });
});
