import { signIn, type ApiClient } from './api-client.js';

/**
 * The list calls behind /alerts and /cases on the large data: a realistic mix of the filters, sorts
 * and pages an analyst and a manager use, each call timed over HTTP against the real server.
 */

export const ALERT_LIST_PATH = '/api/alerts/list';
export const CASE_LIST_PATH = '/api/cases/list';
export const AGENTS = ['analyst@demo.test', 'manager@demo.test'] as const;
/** Rounds through the whole mix per agent; the first (warm-up) round is not counted. */
const ALERT_ROUNDS = 7;
const CASE_ROUNDS = 10;

/** Ids the mix refers to, read from the server as the console would. */
interface Ids {
  me: number;
  queue: (title: string) => number;
  rule: (titleStart: string) => number;
  tag: (title: string) => number;
}

export interface Variant {
  name: string;
  body: (ids: Ids) => Record<string, unknown>;
}

const DAY_MS = 86_400_000;
/** The seed's "now" (server/seed/time.ts): ranges are placed relative to it. */
const SEED_NOW = Date.UTC(2026, 10, 1);
const daysBefore = (days: number) => new Date(SEED_NOW - days * DAY_MS).toISOString();

export const ALERT_MIX: Variant[] = [
  { name: 'no filter (newest first)', body: () => ({}) },
  { name: 'status OPEN', body: () => ({ statuses: ['OPEN'] }) },
  {
    name: 'queue Fraud Ops, open or in review, by deadline',
    body: (i) => ({ queue_ids: [i.queue('Fraud Ops')], statuses: ['OPEN', 'IN_REVIEW'], sort_column: 'deadline', sort_direction: 'ascending' }),
  },
  { name: 'queue High Risk', body: (i) => ({ queue_ids: [i.queue('High Risk')] }) },
  { name: 'restricted queue Sensitive Investigations', body: (i) => ({ queue_ids: [i.queue('Sensitive Investigations')] }) },
  { name: 'my alerts', body: (i) => ({ assignee_ids: [i.me] }) },
  { name: 'my open alerts, by deadline', body: (i) => ({ assignee_ids: [i.me], statuses: ['OPEN'], sort_column: 'deadline', sort_direction: 'ascending' }) },
  { name: 'unassigned', body: () => ({ assignee_ids: [-1] }) },
  { name: 'rule Structuring', body: (i) => ({ rule_ids: [i.rule('Structuring')] }) },
  { name: 'tag High risk', body: (i) => ({ tag_ids: [i.tag('High risk')] }) },
  { name: 'created in a 30-day range', body: () => ({ created_from: daysBefore(120), created_to: daysBefore(90) }) },
  { name: 'amount 5,000 to 20,000', body: () => ({ minimum_amount: 5000, maximum_amount: 20000 }) },
  { name: 'sorted by amount, largest first', body: () => ({ sort_column: 'amount_volume' }) },
  { name: 'sorted by deadline, soonest first', body: () => ({ sort_column: 'deadline', sort_direction: 'ascending' }) },
  { name: 'offset 50,000', body: () => ({ offset: 50_000 }) },
  { name: 'closed, offset 50,000, sorted by amount', body: () => ({ statuses: ['CLOSED'], offset: 50_000, sort_column: 'amount_volume' }) },
];

export const CASE_MIX: Variant[] = [
  { name: 'no filter (newest first)', body: () => ({}) },
  { name: 'status OPEN', body: () => ({ statuses: ['OPEN'] }) },
  { name: 'queue Fraud Ops', body: (i) => ({ queue_ids: [i.queue('Fraud Ops')] }) },
  { name: 'restricted queue Sensitive Investigations', body: (i) => ({ queue_ids: [i.queue('Sensitive Investigations')] }) },
  { name: 'my cases', body: (i) => ({ assignee_ids: [i.me] }) },
  { name: 'unassigned', body: () => ({ assignee_ids: [-1] }) },
  { name: 'tag High risk', body: (i) => ({ tag_ids: [i.tag('High risk')] }) },
  { name: 'created in a 90-day range', body: () => ({ created_from: daysBefore(200), created_to: daysBefore(110) }) },
  { name: 'open or in review, by deadline', body: () => ({ statuses: ['OPEN', 'IN_REVIEW'], sort_column: 'deadline', sort_direction: 'ascending' }) },
  { name: 'offset 2,500', body: () => ({ offset: 2500 }) },
];

export interface VariantResult {
  name: string;
  /** matches (the answer's count) per agent, in AGENTS order */
  counts: number[];
  samples: number[];
}

export interface CallResult {
  path: string;
  samples: number[];
  variants: VariantResult[];
}

async function idsOf(client: ApiClient): Promise<Ids> {
  const { queues } = await client.get<{ queues: Array<{ id: number; title: string }> }>('/api/queues');
  const { rules } = await client.get<{ rules: Array<{ id: number; title: string }> }>('/api/alerts/rules');
  const { tags } = await client.get<{ tags: Array<{ id: number; title: string }> }>('/api/tags');
  const find = <T extends { id: number; title: string }>(list: T[], match: (t: string) => boolean, what: string) => {
    const found = list.find((x) => match(x.title));
    if (!found) throw new Error(`bench: no ${what} on the large data`);
    return found.id;
  };
  return {
    me: client.agentId,
    queue: (title) => find(queues, (t) => t === title, `queue ${title}`),
    rule: (start) => find(rules, (t) => t.startsWith(start), `rule ${start}`),
    tag: (title) => find(tags, (t) => t === title, `tag ${title}`),
  };
}

/** Round-robin through the mix for both agents; every call of rounds after the first is a sample. */
async function measureCall(path: string, mix: Variant[], rounds: number, agents: Array<{ client: ApiClient; ids: Ids }>): Promise<CallResult> {
  const variants: VariantResult[] = mix.map((v) => ({ name: v.name, counts: agents.map(() => 0), samples: [] }));
  for (let round = 0; round < rounds; round++) {
    for (const [k, v] of mix.entries()) {
      for (const [a, { client, ids }] of agents.entries()) {
        const { ms, body } = await client.timedPost<{ count: number }>(path, v.body(ids));
        if (round === 0) variants[k].counts[a] = body.count;
        else variants[k].samples.push(ms);
      }
    }
  }
  return { path, samples: variants.flatMap((v) => v.samples), variants };
}

/** Both list calls, signed in as the analyst and the manager, against a running server. */
export async function measureLists(baseUrl: string): Promise<CallResult[]> {
  const agents = await Promise.all(
    AGENTS.map(async (email) => {
      const client = await signIn(baseUrl, email);
      return { client, ids: await idsOf(client) };
    }),
  );
  const alerts = await measureCall(ALERT_LIST_PATH, ALERT_MIX, ALERT_ROUNDS, agents);
  const cases = await measureCall(CASE_LIST_PATH, CASE_MIX, CASE_ROUNDS, agents);
  return [alerts, cases];
}

/** Nearest-rank percentile. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}
