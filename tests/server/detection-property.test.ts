import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleSpec } from '../../core/rule-spec.js';
import { evaluateAll, historiesFrom, type Finding } from '../../server/domain/detection/batch.js';
import { MINUTE_MS, type DetectionEvent } from '../../server/domain/detection/evaluate.js';
import type { LiveRule } from '../../server/domain/detection/store.js';
import { RunningWindows } from '../../server/domain/detection/stream.js';
import { seededRuleSpecs } from '../../server/seed/rules.js';

/**
 * Evaluating a stream of events as it arrives, batch by batch (each batch judged against what has
 * been stored so far), gives the same failures, snapshots and evidence, hence the same alerts, as a
 * backtest that judges all of them at once. Streams arrive in time order, as files of a day's
 * activity do; the split into batches is arbitrary.
 */

const leaf = (variable: string, operator: string, value: unknown) => ({ type: 'leaf', operator, operands: [{ variable }, { value }] });

function rules(): LiveRule[] {
  const seeded = seededRuleSpecs({ key: 'demo', settings: new Map([['transaction.counterparty_country', { id: 44 }]]) }) as unknown as RuleSpec[];
  const transactionRules = seeded.filter((s) => s.event_type === 'TRANSACTION');
  const fanIn: RuleSpec = {
    event_type: 'TRANSACTION',
    variables: [
      { name: 'senders', aggregation: 'count_distinct', field: 'counterparty_entity_id', filter: { flow: 'INBOUND' }, window_minutes: 2880 },
      { name: 'n', aggregation: 'count', window_minutes: 600 },
    ],
    condition: { type: 'composite', operator: 'OR', operands: [leaf('senders', '>=', 2), leaf('n', '>', 3)] } as RuleSpec['condition'],
  };
  const byInstrument: RuleSpec = {
    event_type: 'TRANSACTION',
    subject: 'INSTRUMENT',
    variables: [{ name: 'total', aggregation: 'sum', field: 'amount', window_minutes: 1440 }],
    condition: leaf('total', '>', 15_000) as RuleSpec['condition'],
  };
  return [...transactionRules, fanIn, byInstrument].map((spec, i) => ({
    id: i + 1,
    title: `rule ${i + 1}`,
    status: 'ACTIVE',
    version: 1,
    queue_id: null,
    spec,
    invalid: null,
  }));
}

const TYPES = ['CASH_DEPOSIT', 'WIRE', 'P2P', 'ACH', 'CARD'];
const AMOUNTS = [3, 120, 950, 4_800, 9_050, 9_600, 9_999.99, 10_000, 12_500];
const PARTIES = [null, 1, 2, 3, 4];

const eventArb = fc.record({
  // often the same instant: a file's rows share timestamps, and batches split them
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 })),
  type: fc.constantFrom(...TYPES),
  amount: fc.constantFrom(...AMOUNTS),
  sender: fc.constantFrom(...PARTIES),
  receiver: fc.constantFrom(...PARTIES),
  country: fc.constantFrom('US', 'IR', 'CA'),
});

function stream(
  specs: Array<{ gap: number; type: string; amount: number; sender: number | null; receiver: number | null; country: string }>,
): DetectionEvent[] {
  let time = Date.UTC(2026, 0, 1);
  return specs.map((s, i) => {
    time += s.gap * MINUTE_MS * 7; // up to about ten days apart, often the same instant
    const receiver = s.sender === null && s.receiver === null ? 1 : s.receiver;
    return {
      kind: 'TRANSACTION',
      id: i + 1,
      time,
      type: s.type,
      amount: s.amount,
      senderEntity: s.sender,
      receiverEntity: receiver,
      senderInstrument: s.sender === null ? null : s.sender * 10,
      receiverInstrument: receiver === null ? null : receiver * 10,
      ip: null,
      device: null,
      data: { '44': { formatted_value: s.country } },
    };
  });
}

const describeFinding = (f: Finding) =>
  `${f.rule.id}|${f.event.id}|${f.subject.type}:${f.subject.id}|${f.verdict.status === 'FAIL' ? JSON.stringify(f.verdict.snapshot) : f.verdict.status}|${f.evidence.map((e) => e.id).join(',')}`;

/** Alerts as the engine opens them with no one closing any: one per rule and subject, its hits in order. */
function alerts(findings: readonly Finding[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of findings) {
    if (f.verdict.status !== 'FAIL') continue;
    const key = `${f.rule.id}:${f.subject.type}:${f.subject.id}`;
    out.set(key, [...(out.get(key) ?? []), describeFinding(f)]);
  }
  return out;
}

describe('incremental detection equals a backtest', () => {
  const live = rules();

  it('for any stream in time order and any split into batches', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 80 }), fc.array(fc.integer({ min: 1, max: 80 }), { maxLength: 10 }), (specs, cuts) => {
        const events = stream(specs);
        const backtest = evaluateAll(live, events, historiesFrom(live, events));
        const bounds = [...new Set([0, ...cuts.filter((c) => c < events.length), events.length])].sort((a, b) => a - b);
        const incremental: Finding[] = [];
        for (let b = 1; b < bounds.length; b++) {
          const stored = events.slice(0, bounds[b]);
          incremental.push(...evaluateAll(live, events.slice(bounds[b - 1], bounds[b]), historiesFrom(live, stored)));
        }
        expect(incremental.map(describeFinding)).toEqual(backtest.map(describeFinding));
        expect(alerts(incremental)).toEqual(alerts(backtest));
      }),
      { numRuns: 300, seed: 20261126 },
    );
  });

  it('judging the stream with only what its windows reach kept in memory (a backtest) finds the same', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 80 }), fc.nat({ max: 80 }), fc.integer({ min: 1, max: 7 }), (specs, cut, every) => {
        const events = stream(specs);
        const before = Math.min(cut, events.length - 1);
        const all = evaluateAll(live, events.slice(before), historiesFrom(live, events));
        // the events before the window are taken in without being judged, as a backtest reads them
        const windows = new RunningWindows(live, every);
        for (const e of events.slice(0, before)) windows.remember(e);
        const streamed = events.slice(before).flatMap((e) => windows.judge(e));
        expect(streamed.map(describeFinding)).toEqual(all.map(describeFinding));
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });

  it('finds failures at all (the generator reaches the rules)', () => {
    const events = stream([
      { gap: 0, type: 'CASH_DEPOSIT', amount: 9_600, sender: null, receiver: 2, country: 'US' },
      { gap: 100, type: 'CASH_DEPOSIT', amount: 9_600, sender: null, receiver: 2, country: 'US' },
      { gap: 100, type: 'CASH_DEPOSIT', amount: 9_600, sender: null, receiver: 2, country: 'US' },
    ]);
    const fails = evaluateAll(live, events, historiesFrom(live, events)).filter((f) => f.verdict.status === 'FAIL');
    // structuring (three deposits, 28,800) on the third; the instrument sum over a day on the second and third
    expect(fails.map((f) => `${f.rule.title}@${f.event.id}`).sort()).toEqual(['rule 1@3', `rule ${live.length}@2`, `rule ${live.length}@3`].sort());
  });
});
