import { describe, expect, it } from 'vitest';
import { RefIds } from '../../server/domain/ingestion/upsert.js';

describe('RefIds, the ids an ingestion job has resolved', () => {
  it('answers an id set in the running batch', () => {
    const ids = new RefIds();
    ids.set('entities', 'cust_1', 7);
    expect(ids.get('entities', 'cust_1')).toBe(7);
    expect(ids.get('instruments', 'cust_1')).toBeUndefined();
  });

  it('keeps the ids of a committed batch for the next batches', () => {
    const ids = new RefIds();
    ids.set('instruments', 'acct_1', 3);
    ids.commit();
    expect(ids.get('instruments', 'acct_1')).toBe(3);
    ids.rollback();
    expect(ids.get('instruments', 'acct_1')).toBe(3);
  });

  it('forgets the ids of a rolled-back batch, whose placeholders no longer exist', () => {
    const ids = new RefIds();
    ids.set('entities', 'kept', 1);
    ids.commit();
    ids.set('entities', 'lost', 2);
    ids.rollback();
    expect(ids.get('entities', 'lost')).toBeUndefined();
    expect(ids.get('entities', 'kept')).toBe(1);
  });
});
