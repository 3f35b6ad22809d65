import { describe, expect, it } from 'vitest';
import { validateRuleSpec, type RuleSpec, type RuleVariableSpec } from '../../core/rule-spec.js';
import {
  MINUTE_MS,
  byTime,
  inWindow,
  judge,
  passes,
  variableValue,
  type DetectionEvent,
  type EventHistory,
  type Subject,
} from '../../server/domain/detection/evaluate.js';

/**
 * The detection engine's arithmetic, computed by hand: every aggregation, filter, window boundary and
 * operator, on small event lists whose answers are written out below each case.
 */

const T0 = Date.UTC(2026, 9, 1, 12, 0, 0);
const ALICE = 1;
const BOB = 2;
const CAROL = 3;
const me: Subject = { type: 'ENTITY', id: ALICE };

let nextId = 1;
function txn(
  minutes: number,
  amount: number,
  type = 'CASH_DEPOSIT',
  from: number | null = ALICE,
  to: number | null = null,
  extra: Partial<DetectionEvent> = {},
): DetectionEvent {
  return {
    kind: 'TRANSACTION',
    id: nextId++,
    time: T0 + minutes * MINUTE_MS,
    type,
    amount,
    senderEntity: from,
    receiverEntity: to,
    senderInstrument: from === null ? null : from * 100,
    receiverInstrument: to === null ? null : to * 100,
    ip: null,
    device: null,
    data: {},
    ...extra,
  };
}

const history = (events: DetectionEvent[], before: DetectionEvent | null = null): EventHistory => ({ subject: [...events].sort(byTime), before });
const value = (v: RuleVariableSpec, focal: DetectionEvent, events: DetectionEvent[], subject = me, h?: EventHistory) =>
  variableValue(v, focal, subject, h ?? history(events), {});

describe('windows', () => {
  it('hold the events in (t - window, t], and at the event’s own time only those up to it in (time, id) order', () => {
    const outside = txn(-60, 1); // exactly 60 minutes before: out of a 60-minute window
    const inside = txn(-59, 2);
    const focal = txn(0, 3);
    const sameTimeLater = txn(0, 4); // same instant, stored after the focal event
    const later = txn(1, 5);
    const all = [outside, inside, focal, sameTimeLater, later].sort(byTime);
    expect(inWindow(all, focal, 60).map((e) => e.amount)).toEqual([2, 3]);
    expect(inWindow(all, sameTimeLater, 60).map((e) => e.amount)).toEqual([2, 3, 4]);
    expect(inWindow(all, later, 60).map((e) => e.amount)).toEqual([3, 4, 5]); // -59 is exactly 60 minutes before +1
    expect(inWindow(all, focal, 61).map((e) => e.amount)).toEqual([1, 2, 3]);
  });

  it('count and sum over the 1-day and 7-day presets', () => {
    const events = [txn(-7 * 1440, 100), txn(-7 * 1440 + 1, 200), txn(-1440, 300), txn(-1439, 400), txn(0, 500)];
    const focal = events[4];
    expect(value({ name: 'c', aggregation: 'count', window_minutes: 1440 }, focal, events)).toBe(2); // 400 + 500
    expect(value({ name: 's', aggregation: 'sum', field: 'amount', window_minutes: 1440 }, focal, events)).toBe(900);
    expect(value({ name: 'c', aggregation: 'count', window_minutes: 10080 }, focal, events)).toBe(4); // all but the first
    expect(value({ name: 's', aggregation: 'sum', field: 'amount', window_minutes: 10080 }, focal, events)).toBe(1400);
  });
});

describe('aggregations', () => {
  it('sum is exact to the cent', () => {
    const events = [txn(-2, 0.1), txn(-1, 0.2), txn(0, 0.7)];
    expect(value({ name: 's', aggregation: 'sum', field: 'amount', window_minutes: 10 }, events[2], events)).toBe(1);
  });

  it('count_distinct counts counterparties, instruments, devices and addresses', () => {
    const events = [
      txn(-3, 10, 'P2P', BOB, ALICE, { device: 'd1', ip: '10.0.0.1' }),
      txn(-2, 10, 'P2P', CAROL, ALICE, { device: 'd2', ip: '10.0.0.1' }),
      txn(-1, 10, 'P2P', BOB, ALICE, { device: 'd1', ip: '10.0.0.2' }),
      txn(0, 10, 'P2P', ALICE, BOB, { device: 'd3', ip: null }),
    ];
    const focal = events[3];
    const w = { window_minutes: 60 };
    expect(value({ name: 'x', aggregation: 'count_distinct', field: 'counterparty_entity_id', ...w }, focal, events)).toBe(2); // Bob, Carol
    expect(value({ name: 'x', aggregation: 'count_distinct', field: 'counterparty_entity_id', filter: { flow: 'INBOUND' }, ...w }, focal, events)).toBe(2);
    expect(value({ name: 'x', aggregation: 'count_distinct', field: 'counterparty_entity_id', filter: { flow: 'OUTBOUND' }, ...w }, focal, events)).toBe(1);
    // Alice's own side: received into 100 three times, sent from 100 once
    expect(value({ name: 'x', aggregation: 'count_distinct', field: 'instrument_id', ...w }, focal, events)).toBe(1);
    expect(value({ name: 'x', aggregation: 'count_distinct', field: 'device', ...w }, focal, events)).toBe(3);
    expect(value({ name: 'x', aggregation: 'count_distinct', field: 'ip_address', ...w }, focal, events)).toBe(2); // a missing address is not a value
  });

  it('count_distinct of customers on a shared device looks past the subject', () => {
    const login = (minutes: number, entity: number, device: string): DetectionEvent => ({
      kind: 'ACTION_EVENT',
      id: nextId++,
      time: T0 + minutes * MINUTE_MS,
      type: 'LOGIN',
      amount: null,
      senderEntity: entity,
      receiverEntity: null,
      senderInstrument: null,
      receiverInstrument: null,
      ip: null,
      device,
      data: {},
    });
    const onDevice = [login(-43200, CAROL, 'fp'), login(-100, BOB, 'fp'), login(-50, BOB, 'fp'), login(0, ALICE, 'fp')].sort(byTime);
    const focal = onDevice[3];
    const h: EventHistory = { subject: [focal], before: null, byDevice: onDevice };
    const v: RuleVariableSpec = { name: 'n', aggregation: 'count_distinct', field: 'entity_id', group_by: 'device_fingerprint', window_minutes: 43200 };
    expect(variableValue(v, focal, me, h, {})).toBe(2); // Bob and Alice; Carol is exactly 30 days back
    expect(variableValue({ ...v, window_minutes: 43201 }, focal, me, h, {})).toBe(3);
    expect(variableValue({ name: 'n', aggregation: 'count', group_by: 'device_fingerprint', window_minutes: 60 }, focal, me, h, {})).toBe(2);
  });

  it('ratio divides two variables computed before it; over nothing it is 0', () => {
    expect(variableValue({ name: 'r', aggregation: 'ratio', of: ['a', 'b'] }, txn(0, 1), me, history([]), { a: 900, b: 1000 })).toBe(0.9);
    expect(variableValue({ name: 'r', aggregation: 'ratio', of: ['a', 'b'] }, txn(0, 1), me, history([]), { a: 2, b: 3 })).toBe(0.6667);
    expect(variableValue({ name: 'r', aggregation: 'ratio', of: ['a', 'b'] }, txn(0, 1), me, history([]), { a: 5, b: 0 })).toBe(0);
  });

  it('days_since_previous reads the subject’s previous event, before the window when needed, null for the first', () => {
    const old = txn(-200 * 1440 - 720, 1);
    const focal = txn(0, 2);
    expect(value({ name: 'd', aggregation: 'days_since_previous' }, focal, [focal], me, history([focal], old))).toBe(200.5);
    const recent = txn(-90, 1);
    expect(value({ name: 'd', aggregation: 'days_since_previous' }, focal, [recent, focal], me, history([recent, focal], old))).toBe(0.06); // 90 minutes
    expect(value({ name: 'd', aggregation: 'days_since_previous' }, focal, [focal])).toBeNull();
  });

  it('value reads the event’s amount or custom field, null when the event is filtered out', () => {
    const wire = txn(0, 12_500, 'WIRE', ALICE, BOB, { data: { '44': { formatted_value: 'IR' } } });
    expect(value({ name: 'v', aggregation: 'value', field: 'amount' }, wire, [wire])).toBe(12_500);
    expect(value({ name: 'v', aggregation: 'value', field: 'amount', filter: { internal_txn_type: ['CASH_DEPOSIT'] } }, wire, [wire])).toBeNull();
    expect(value({ name: 'v', aggregation: 'value', data_setting_id: 44 }, wire, [wire])).toBe('IR');
    expect(value({ name: 'v', aggregation: 'value', data_setting_id: 45 }, wire, [wire])).toBeNull();
  });
});

describe('filters', () => {
  const e = txn(0, 9000, 'CASH_DEPOSIT', BOB, ALICE);
  it('types, amount bounds (between inclusive, below and above strict) and direction seen from the subject', () => {
    expect(passes({ internal_txn_type: ['CASH_DEPOSIT', 'WIRE'] }, e, me)).toBe(true);
    expect(passes({ internal_txn_type: ['WIRE'] }, e, me)).toBe(false);
    expect(passes({ amount_between: [9000, 9999.99] }, e, me)).toBe(true);
    expect(passes({ amount_between: [9000.01, 9999.99] }, e, me)).toBe(false);
    expect(passes({ amount_between: [1, 9000] }, e, me)).toBe(true);
    expect(passes({ amount_below: 9000 }, e, me)).toBe(false);
    expect(passes({ amount_below: 9000.01 }, e, me)).toBe(true);
    expect(passes({ amount_above: 9000 }, e, me)).toBe(false);
    expect(passes({ amount_above: 8999.99 }, e, me)).toBe(true);
    expect(passes({ flow: 'INBOUND' }, e, me)).toBe(true); // Alice received it
    expect(passes({ flow: 'OUTBOUND' }, e, me)).toBe(false);
    expect(passes({ flow: 'OUTBOUND' }, e, { type: 'ENTITY', id: BOB })).toBe(true);
    expect(passes({ action_type: ['LOGIN'] }, e, me)).toBe(false);
  });
});

const leaf = (variable: string, operator: string, v: unknown) => ({ type: 'leaf', operator, operands: [{ variable }, { value: v }] });

describe('operators and verdicts', () => {
  const spec = (condition: unknown, variables: RuleVariableSpec[] = [{ name: 'amt', aggregation: 'value', field: 'amount' }]) =>
    ({ event_type: 'TRANSACTION', variables, condition }) as RuleSpec;
  const focal = txn(0, 100);
  const verdict = (condition: unknown) => judge(spec(condition), focal, me, history([focal])).status;

  it('compares at the boundaries', () => {
    expect(verdict(leaf('amt', '>', 100))).toBe('PASS');
    expect(verdict(leaf('amt', '>', 99.99))).toBe('FAIL');
    expect(verdict(leaf('amt', '>=', 100))).toBe('FAIL');
    expect(verdict(leaf('amt', '>=', 100.01))).toBe('PASS');
    expect(verdict(leaf('amt', '<', 100))).toBe('PASS');
    expect(verdict(leaf('amt', '<', 100.01))).toBe('FAIL');
    expect(verdict(leaf('amt', '<=', 100))).toBe('FAIL');
    expect(verdict(leaf('amt', '==', 100))).toBe('FAIL');
    expect(verdict(leaf('amt', '!=', 100))).toBe('PASS');
    expect(verdict(leaf('amt', 'between', [100, 200]))).toBe('FAIL');
    expect(verdict(leaf('amt', 'between', [50, 100]))).toBe('FAIL');
    expect(verdict(leaf('amt', 'between', [100.01, 200]))).toBe('PASS');
    expect(verdict(leaf('amt', 'in', [1, 100]))).toBe('FAIL');
    expect(verdict(leaf('amt', 'in', [1, 2]))).toBe('PASS');
    expect(verdict(leaf('amt', 'not_in', [1, 2]))).toBe('FAIL');
    expect(verdict(leaf('amt', 'not_in', [100]))).toBe('PASS');
  });

  it('AND and OR groups, nested', () => {
    const and = (...operands: unknown[]) => ({ type: 'composite', operator: 'AND', operands });
    const or = (...operands: unknown[]) => ({ type: 'composite', operator: 'OR', operands });
    expect(verdict(and(leaf('amt', '>', 1), leaf('amt', '<', 2)))).toBe('PASS');
    expect(verdict(or(leaf('amt', '>', 1), leaf('amt', '<', 2)))).toBe('FAIL');
    expect(verdict(and(or(leaf('amt', '<', 0), leaf('amt', '==', 100)), leaf('amt', '>=', 100)))).toBe('FAIL');
  });

  it('a value that does not exist meets no comparison, and a value of the wrong kind is an error', () => {
    const s = spec(leaf('days', '>=', 180), [{ name: 'days', aggregation: 'days_since_previous' }]);
    expect(judge(s, focal, me, history([focal])).status).toBe('PASS');
    const wrong = spec(leaf('country', '>', 1), [{ name: 'country', aggregation: 'value', data_setting_id: 9 }]);
    const withText = { ...focal, data: { '9': { formatted_value: 'IR' } } };
    expect(judge(wrong, withText, me, history([withText])).status).toBe('ERROR');
  });

  it('a rule looks only at events passing one of its variables’ filters, and a failure keeps the snapshot', () => {
    const structuring: RuleSpec = {
      event_type: 'TRANSACTION',
      variables: [
        { name: 'n', aggregation: 'count', filter: { internal_txn_type: ['CASH_DEPOSIT'], amount_between: [9000, 9999.99] }, window_minutes: 10080 },
        {
          name: 'total',
          aggregation: 'sum',
          field: 'amount',
          filter: { internal_txn_type: ['CASH_DEPOSIT'], amount_between: [9000, 9999.99] },
          window_minutes: 10080,
        },
      ],
      condition: { type: 'composite', operator: 'AND', operands: [leaf('n', '>=', 3), leaf('total', '>=', 27000)] } as RuleSpec['condition'],
    };
    expect(validateRuleSpec(structuring)).toEqual([]);
    const deposits = [txn(-3 * 1440, 9500), txn(-2 * 1440, 9200), txn(-1440, 9400)];
    const wire = txn(0, 50_000, 'WIRE');
    const all = [...deposits, wire];
    expect(judge(structuring, wire, me, history(all)).status).toBe('PASS'); // a wire does not trigger it
    expect(judge(structuring, deposits[1], me, history(all)).status).toBe('PASS'); // two so far
    expect(judge(structuring, deposits[2], me, history(all))).toEqual({ status: 'FAIL', snapshot: { n: 3, total: 28_100 } });
    const ninth = txn(10080 - 3 * 1440, 9100); // 7 days after the first deposit: the first is out
    expect(judge(structuring, ninth, me, history([...all, ninth]))).toEqual({ status: 'FAIL', snapshot: { n: 3, total: 27_700 } });
  });
});

describe('spec validation', () => {
  it('names each problem at its path', () => {
    const problems = validateRuleSpec({
      event_type: 'TRANSACTION',
      variables: [
        { name: 'Bad Name', aggregation: 'count', window_minutes: 0 },
        { name: 'r', aggregation: 'ratio', of: ['x', 'x'] },
        { name: 's', aggregation: 'sum', field: 'amount', window_minutes: 60, filter: { amount_between: [5, 1], action_type: ['LOGIN'] } },
      ],
      condition: { type: 'composite', operator: 'XOR', operands: [leaf('nope', '>', 'a'), leaf('s', 'between', [2, 1]), leaf('s', 'in', [])] },
      alert_title: '{rule} for {who}',
      score: 101,
    });
    expect(problems).toEqual([
      { path: 'variables/0/name', message: 'A name is lowercase letters, digits and underscores, starting with a letter (at most 63).' },
      { path: 'variables/0/window_minutes', message: 'Choose a window between 1 minute and 365 days.' },
      { path: 'variables/1/of', message: 'Choose two different variables.' },
      { path: 'variables/2/filter/amount_between', message: 'The first amount must not be above the second.' },
      { path: 'variables/2/filter/action_type', message: 'Action types filter action event rules only.' },
      { path: 'condition/operator', message: 'Choose AND or OR.' },
      { path: 'condition/operands/0/operands/0', message: 'Choose one of the rule’s variables.' },
      { path: 'condition/operands/0/operands/1', message: 'Enter a number.' },
      { path: 'condition/operands/1/operands/1', message: 'The lower bound must not be above the upper.' },
      { path: 'condition/operands/2/operands/1', message: 'Enter one or more values.' },
      { path: 'alert_title', message: 'Unknown placeholder {who}; use {rule}, {subject}, {subject_external_id}.' },
      { path: 'score', message: 'The score is a whole number from 0 to 100.' },
    ]);
  });

  it('accepts every rule the demo seeds', async () => {
    const { seededRuleSpecs } = await import('../../server/seed/rules.js');
    const specs = seededRuleSpecs({ key: 'demo', settings: new Map([['transaction.counterparty_country', { id: 44 }]]) });
    expect(specs.length).toBeGreaterThanOrEqual(8);
    for (const spec of specs) expect(validateRuleSpec(spec), JSON.stringify(spec)).toEqual([]);
  });
});
