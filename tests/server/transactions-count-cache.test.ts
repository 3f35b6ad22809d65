import { describe, expect, it } from 'vitest';
import { cachedCount, COUNT_TTL_MS, LARGE_COUNT, listCountKey, rememberCount } from '../../server/modules/transactions/count-cache.js';

describe('transaction list count cache', () => {
  it('keys on the organisation and the filters, not on paging or order', () => {
    const a = listCountKey(1, { statuses: ['COMPLETED'], limit: 100, offset: 0, sort_column: 'event_time', sort_direction: 'descending' } as never);
    const b = listCountKey(1, { offset: 500, statuses: ['COMPLETED'], sort_direction: 'ascending' } as never);
    expect(a).toBe(b);
    expect(listCountKey(2, { statuses: ['COMPLETED'] } as never)).not.toBe(a);
    expect(listCountKey(1, { statuses: ['FAILED'] } as never)).not.toBe(a);
  });

  it('keeps only large counts, and only for the stale time', () => {
    const key = listCountKey(99, { currency: 'USD' } as never);
    rememberCount(key, LARGE_COUNT - 1, 1_000);
    expect(cachedCount(key, 1_001)).toBeNull();
    rememberCount(key, LARGE_COUNT, 1_000);
    expect(cachedCount(key, 1_000 + COUNT_TTL_MS)).toBe(LARGE_COUNT);
    expect(cachedCount(key, 1_001 + COUNT_TTL_MS)).toBeNull();
  });
});
