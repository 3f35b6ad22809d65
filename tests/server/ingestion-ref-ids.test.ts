import { describe, expect, it } from 'vitest';
import type { ParsedRow } from '../../server/domain/ingestion/rows.js';
import { RefIds } from '../../server/domain/ingestion/upsert.js';

const row = (fields: Record<string, string | null>): ParsedRow => ({ fields, data: {}, seen: [] });

describe('RefIds, the ids an ingestion job has resolved', () => {
  it('answers every party a batch names as missing until a batch resolving it commits', () => {
    const job = new RefIds();
    const first = job.forBatch();
    expect(first.take('transactions', [row({ external_id: 't1', sender_entity: 'cust_1', receiver_instrument: 'acct_1' })])).toEqual({
      entities: new Set(['cust_1']),
      instruments: new Set(['acct_1']),
    });
    first.set('entities', 'cust_1', 7);
    first.set('instruments', 'acct_1', 3);
    expect(first.get('entities', 'cust_1')).toBe(7);
    expect(first.get('instruments', 'cust_1')).toBeUndefined();

    // a batch started before the first commits does not count on its ids
    const overlapping = job.forBatch();
    expect(overlapping.take('transactions', [row({ external_id: 't2', sender_entity: 'cust_1' })]).entities).toEqual(new Set(['cust_1']));

    first.commit();
    const later = job.forBatch();
    const missing = later.take('transactions', [row({ external_id: 't3', sender_entity: 'cust_1', receiver_entity: 'cust_2', receiver_instrument: 'acct_1' })]);
    expect(missing).toEqual({ entities: new Set(['cust_2']), instruments: new Set() });
    expect(later.get('entities', 'cust_1')).toBe(7);
    expect(later.get('instruments', 'acct_1')).toBe(3);
  });

  it('forgets the ids of a batch that never committed, whose placeholders no longer exist', () => {
    const job = new RefIds();
    const kept = job.forBatch();
    kept.set('entities', 'kept', 1);
    kept.commit();
    const lost = job.forBatch();
    lost.set('entities', 'lost', 2);
    const next = job.forBatch();
    expect(next.take('action_events', [row({ external_id: 'a1', entity: 'kept' }), row({ external_id: 'a2', entity: 'lost' })]).entities).toEqual(
      new Set(['lost']),
    );
    expect(next.get('entities', 'kept')).toBe(1);
    expect(next.get('entities', 'lost')).toBeUndefined();
  });

  it('keeps the ids a batch took even when the job starts its memory over meanwhile', () => {
    const job = new RefIds();
    const seed = job.forBatch();
    seed.set('entities', 'early', 5);
    seed.commit();
    const running = job.forBatch();
    expect(running.take('transactions', [row({ external_id: 't1', sender_entity: 'early' })]).entities.size).toBe(0);
    // another batch commits more than the job remembers: the kept ids are dropped
    const big = job.forBatch();
    for (let i = 0; i < 200_001; i++) big.set('entities', `p${i}`, i + 10);
    big.commit();
    expect(job.forBatch().take('transactions', [row({ external_id: 't2', sender_entity: 'early' })]).entities).toEqual(new Set(['early']));
    // the batch that took the id still has it
    expect(running.get('entities', 'early')).toBe(5);
  });

  it('skips empty references', () => {
    const batch = new RefIds().forBatch();
    expect(batch.take('instruments', [row({ external_id: 'i1', entity: '' }), row({ external_id: 'i2', entity: null }), row({ external_id: 'i3' })])).toEqual({
      entities: new Set(),
      instruments: new Set(),
    });
  });
});
