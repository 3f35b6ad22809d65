// The risk score batcher (spec part 2, sections 7 and 9: up to 100 ids per call after a 100 ms
// wait), driven by fake timers: what goes out when, how often, and what each caller gets back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScoreBatcher, SCORE_BATCH_MAX, SCORE_BATCH_WAIT_MS } from '../../src/api/risk/score-batcher';

type Answer = { score: number };

function recorder(answer: (ids: string[]) => Record<string, Answer> = (ids) => Object.fromEntries(ids.map((id, i) => [id, { score: i }]))) {
  const calls: string[][] = [];
  const fetchMany = vi.fn(async (ids: string[]) => {
    calls.push(ids);
    return answer(ids);
  });
  return { calls, fetchMany, batcher: createScoreBatcher<Answer>({ fetchMany }) };
}

const ids = (n: number, prefix = 'ent_') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('risk score batcher', () => {
  it('uses the spec constants: 100 ids, 100 ms', () => {
    expect([SCORE_BATCH_MAX, SCORE_BATCH_WAIT_MS]).toEqual([100, 100]);
  });

  it('sends nothing before 100 ms, then one call with every id asked for in the window', async () => {
    const { calls, batcher } = recorder();
    const a = batcher.load('a');
    await vi.advanceTimersByTimeAsync(60);
    const b = batcher.load('b');
    await vi.advanceTimersByTimeAsync(39);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([['a', 'b']]);
    expect(await a).toEqual({ score: 0 });
    expect(await b).toEqual({ score: 1 });
  });

  it('counts the wait from the first id of the window, so a steady trickle cannot hold a call back', async () => {
    const { calls, batcher } = recorder();
    for (let i = 0; i < 5; i++) {
      void batcher.load(`e${i}`);
      await vi.advanceTimersByTimeAsync(30);
    }
    // ids at 0, 30, 60, 90 ms go at 100 ms; the one at 120 ms opens the next window
    expect(calls).toEqual([['e0', 'e1', 'e2', 'e3']]);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([['e0', 'e1', 'e2', 'e3'], ['e4']]);
  });

  it('asks for an id once however many callers want it, and answers each of them', async () => {
    const { calls, batcher } = recorder();
    const answers = Promise.all([batcher.load('x'), batcher.load('y'), batcher.load('x')]);
    await vi.advanceTimersByTimeAsync(SCORE_BATCH_WAIT_MS);
    expect(calls).toEqual([['x', 'y']]);
    expect(await answers).toEqual([{ score: 0 }, { score: 1 }, { score: 0 }]);
  });

  it('sends a full window of 100 ids at once, without waiting', async () => {
    const { calls, batcher } = recorder();
    const first = ids(SCORE_BATCH_MAX).map((id) => batcher.load(id));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.length)).toEqual([100]);
    await Promise.all(first);
    // the next id starts a new window of its own
    void batcher.load('late');
    await vi.advanceTimersByTimeAsync(SCORE_BATCH_WAIT_MS - 1);
    expect(calls.length).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]).toEqual(['late']);
  });

  it('never puts more than 100 ids in one call: 250 ids asked for together go as 100, 100 and 50', async () => {
    const { calls, batcher } = recorder();
    const all = ids(250).map((id) => batcher.load(id));
    await vi.advanceTimersByTimeAsync(SCORE_BATCH_WAIT_MS);
    expect(calls.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(new Set(calls.flat()).size).toBe(250);
    const answered = await Promise.all(all);
    expect(answered.every((a) => a !== null)).toBe(true);
  });

  it('answers null for an id the call leaves out (not in the organisation)', async () => {
    const { batcher } = recorder((asked) => Object.fromEntries(asked.filter((id) => id !== 'gone').map((id) => [id, { score: 7 }])));
    const known = batcher.load('known');
    const gone = batcher.load('gone');
    await vi.advanceTimersByTimeAsync(SCORE_BATCH_WAIT_MS);
    expect(await known).toEqual({ score: 7 });
    expect(await gone).toBeNull();
  });

  it('rejects every caller of a failed call, and the next window asks again', async () => {
    let fail = true;
    const fetchMany = vi.fn(async (asked: string[]) => {
      if (fail) throw new Error('server down');
      return Object.fromEntries(asked.map((id) => [id, { score: 1 }]));
    });
    const batcher = createScoreBatcher<Answer>({ fetchMany });
    const a = batcher.load('a');
    const b = batcher.load('b');
    const settled = Promise.allSettled([a, b]);
    await vi.advanceTimersByTimeAsync(SCORE_BATCH_WAIT_MS);
    expect((await settled).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    const again = batcher.load('a');
    await vi.advanceTimersByTimeAsync(SCORE_BATCH_WAIT_MS);
    expect(await again).toEqual({ score: 1 });
    expect(fetchMany).toHaveBeenCalledTimes(2);
  });
});
