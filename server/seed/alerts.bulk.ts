import type { AlertDraft, CaseDraft, HitDraft } from './alerts.types.js';
import type { OrgContext, SeedContext, TxnRef } from './context.js';
import type { EventRefs } from './events.types.js';
import { Rng } from './rng.js';
import type { RuleKey } from './rules.js';
import { DAY, HOUR, MINUTE, roundSecond, SEED_NOW } from './time.js';

/**
 * The alert volume of the large scale, for benchmarks: an alert on every flagged background
 * transaction (EventRefs.flagged), spread over the 18 months, the rules, the queues (the
 * restricted one too), statuses, assignees and tags as a team's history would be, and cases
 * grouping some of them. Other scales flag nothing, so this adds nothing to them. Drawn from
 * streams of its own, so the planted alerts and cases keep their ids and values.
 */

const money = (x: number) => Math.round(x * 100) / 100;

/** The queue each rule sends its alerts to (as in rules.ts). */
const RULE_QUEUE: Partial<Record<RuleKey, string>> = { structuring: 'highRisk', rapid: 'fraudOps' };

const DESCRIPTIONS: Partial<Record<RuleKey, string[]>> = {
  structuring: [
    'Several cash deposits within a week, each just below the reporting threshold.',
    'Cash deposits at different branches within days, adding up to more than 27,000.',
  ],
  rapid: [
    'Funds received and sent on within hours.',
    'Most of an incoming payment left the account the same day.',
    'Incoming transfers followed by cash withdrawals within 24 hours.',
  ],
};

/** Status by age: old work is closed, recent work mostly open. */
function statusFor(rng: Rng, created: number): string {
  const age = SEED_NOW - created;
  if (age > 120 * DAY)
    return rng.weighted([
      ['CLOSED', 96],
      ['IN_REVIEW', 2],
      ['OPEN', 2],
    ] as const);
  if (age > 30 * DAY)
    return rng.weighted([
      ['CLOSED', 60],
      ['IN_REVIEW', 15],
      ['OPEN', 25],
    ] as const);
  return rng.weighted([
    ['OPEN', 65],
    ['IN_REVIEW', 20],
    ['CLOSED', 15],
  ] as const);
}

function hitsFor(rng: Rng, rule: RuleKey, t: TxnRef, created: number): HitDraft[] {
  const base = { ruleKey: rule, txns: 1, actionEvents: 0, entities: 1, instruments: t.instrumentId === null ? 0 : 1 };
  const snapshots = (): Record<string, number> => {
    if (rule === 'structuring') {
      const count = rng.int(3, 6);
      return { cash_deposit_count_7d: count, cash_deposit_sum_7d: money(count * rng.float(9000, 9999)) };
    }
    const inbound = money(Math.max(5000, t.amount * rng.float(1, 1.1), rng.logNormal(9000, 0.7)));
    const ratio = Math.round(rng.float(0.9, 0.995) * 1000) / 1000;
    return {
      inbound_sum_24h: inbound,
      outbound_sum_24h: money(inbound * ratio),
      outbound_ratio_24h: ratio,
      hours_in_to_out: Math.round(rng.float(0.5, 20) * 10) / 10,
    };
  };
  const hits: HitDraft[] = [{ ...base, created, windowEnd: t.time, snapshots: snapshots() }];
  // a fifth fire again within days, adding an update to the same alert
  if (rng.chance(0.2)) {
    const later = roundSecond(Math.min(SEED_NOW - HOUR, created + rng.float(1, 6) * DAY));
    hits.push({ ...base, txns: 0, entities: 0, instruments: 0, created: later, windowEnd: later - 20 * MINUTE, snapshots: snapshots() });
  }
  return hits;
}

/** Appends the bulk alerts and their cases to the drafts; ids continue after the planted ones. */
export function draftBulkAlerts(ctx: SeedContext, org: OrgContext, refs: EventRefs, alerts: AlertDraft[], cases: CaseDraft[]): void {
  if (!refs.flagged.length) return;
  const rng = Rng.named(`${org.key}:bulk-alerts`);
  const E = org.entities;
  const workers = org.workers;
  const restricted = org.byEmail.get('restricted@demo.test')?.id ?? null;
  const sensitiveWorkers = restricted ? [restricted, org.managerId] : [org.managerId];
  // transactions the planted alerts already cover
  const taken = new Set([...refs.largeCash, ...refs.highRiskWires].map((t) => t.id));
  const bulk: AlertDraft[] = [];

  for (const t of refs.flagged) {
    if (taken.has(t.id)) continue;
    const e = E[t.entityIdx];
    const rule: RuleKey = t.type === 'CASH_DEPOSIT' ? 'structuring' : 'rapid';
    const created = roundSecond(Math.min(SEED_NOW - 5 * MINUTE, t.time + rng.int(5, 55) * MINUTE));
    const hits = hitsFor(rng, rule, t, created);
    // politically exposed customers and a few referrals go to the restricted queue
    const queueKey = e.isPep || rng.chance(0.03) ? 'sensitive' : rng.chance(0.12) ? 'general' : RULE_QUEUE[rule]!;
    const status = statusFor(rng, created);
    const counterparty = t.counterpartyIdx ?? null;
    const a: AlertDraft = {
      id: ctx.ids.take('alerts'),
      title: `${org.rules[rule].title}: ${e.name}`,
      description: rng.pick(DESCRIPTIONS[rule]!),
      status,
      alertType: 'TRANSACTION_MONITORING',
      source: 'INTERNAL',
      queueKey,
      assignee: null,
      created,
      ruleKeys: [rule],
      hits,
      txns: [t],
      entityIdxs: counterparty !== null && counterparty !== t.entityIdx ? [t.entityIdx, counterparty] : [t.entityIdx],
      instrumentIds: [t.instrumentId, t.counterpartyInstrumentId ?? null].filter((x): x is number => x !== null),
      actionEventIds: [],
      risk: rule === 'structuring' ? rng.int(55, 95) : rng.int(25, 90),
      content: null,
      externalReference: null,
      caseId: null,
      ruleValidationId: null,
      disposition: null,
      dispositionNotes: null,
      closed: null,
      tags: [],
    };
    if (status === 'CLOSED') {
      a.disposition = rng.weighted([
        ['FALSE_POSITIVE', 75],
        ['INCONCLUSIVE', 15],
        ['TRUE_POSITIVE', 10],
      ] as const);
      a.dispositionNotes = a.disposition === 'FALSE_POSITIVE' ? 'Activity consistent with the customer profile.' : 'Reviewed; no further action.';
      a.closed = roundSecond(Math.min(SEED_NOW - HOUR, hits.at(-1)!.created + rng.float(0.2, 20) * DAY));
    }
    const pool = queueKey === 'sensitive' ? sensitiveWorkers : workers;
    a.assignee = status === 'OPEN' && rng.chance(0.3) ? null : rng.pick(pool);
    if (status === 'IN_REVIEW') a.tags!.push('Under review');
    if (e.isPep) a.tags!.push('PEP');
    if (rule === 'structuring' && e.type === 'business') a.tags!.push('Cash intensive');
    if (a.risk >= 85) a.tags!.push('High risk');
    if (rng.chance(0.02)) a.tags!.push('Watchlist');
    bulk.push(a);
  }
  alerts.push(...bulk);
  draftBulkCases(ctx, org, bulk, cases, sensitiveWorkers);
}

/** Cases grouping a customer's alerts raised within two months; their alerts follow the case's status. */
function draftBulkCases(ctx: SeedContext, org: OrgContext, bulk: AlertDraft[], cases: CaseDraft[], sensitiveWorkers: number[]): void {
  const rng = Rng.named(`${org.key}:bulk-cases`);
  const E = org.entities;
  const byEntity = new Map<number, AlertDraft[]>();
  for (const a of bulk) {
    const list = byEntity.get(a.entityIdxs[0]);
    if (list) list.push(a);
    else byEntity.set(a.entityIdxs[0], [a]);
  }
  const wanted = Math.min(org.volumes.bulkCases, Math.floor(bulk.length / 4));
  for (let made = 0, attempts = 0; made < wanted && attempts < wanted * 20; attempts++) {
    const seed = bulk[rng.int(0, bulk.length - 1)];
    if (seed.caseId !== null || seed.disposition === 'FALSE_POSITIVE') continue;
    const members = (byEntity.get(seed.entityIdxs[0]) ?? [])
      .filter((a) => a.caseId === null && a.disposition !== 'FALSE_POSITIVE' && Math.abs(a.created - seed.created) < 60 * DAY)
      .slice(0, rng.int(1, 4));
    if (!members.includes(seed)) members[0] = seed;
    const latest = Math.max(...members.map((a) => a.hits.at(-1)!.created));
    const created = roundSecond(Math.min(SEED_NOW - 2 * HOUR, latest + rng.float(0.5, 5) * DAY));
    const age = SEED_NOW - created;
    const status =
      age > 120 * DAY
        ? rng.weighted([
            ['CLOSED', 92],
            ['IN_REVIEW', 8],
          ] as const)
        : age > 30 * DAY
          ? rng.weighted([
              ['CLOSED', 45],
              ['IN_REVIEW', 25],
              ['OPEN', 30],
            ] as const)
          : rng.weighted([
              ['OPEN', 65],
              ['IN_REVIEW', 35],
            ] as const);
    const queueKey = seed.queueKey ?? 'general';
    const pool = queueKey === 'sensitive' ? sensitiveWorkers : org.workers;
    const rule = seed.ruleKeys[0];
    const c: CaseDraft = {
      id: ctx.ids.take('cases'),
      title: `${rule === 'structuring' ? 'Structuring review' : 'Funds movement review'}: ${E[seed.entityIdxs[0]].name}`,
      description:
        rule === 'structuring' ? 'Repeated cash deposits just below the reporting threshold.' : 'Funds passed through the account within hours, several times.',
      status,
      queueKey,
      assignee: status === 'OPEN' && rng.chance(0.15) ? null : rng.pick(pool),
      createdBy: rng.pick(pool),
      created,
      alertIds: members.map((a) => a.id),
      entityIdxs: [...new Set(members.flatMap((a) => a.entityIdxs))],
      disposition:
        status === 'CLOSED'
          ? rng.weighted([
              ['TRUE_POSITIVE', 70],
              ['INCONCLUSIVE', 30],
            ] as const)
          : null,
      closed: status === 'CLOSED' ? roundSecond(Math.min(SEED_NOW - HOUR, created + rng.int(5, 40) * DAY)) : null,
    };
    for (const a of members) {
      a.caseId = c.id;
      a.status = status === 'CLOSED' ? 'CLOSED' : 'IN_REVIEW';
      a.assignee = c.assignee;
      a.disposition = status === 'CLOSED' ? 'TRUE_POSITIVE' : null;
      a.dispositionNotes = status === 'CLOSED' ? `Escalated to case ${c.id}: ${c.title}.` : null;
      a.closed = status === 'CLOSED' ? roundSecond(Math.min(SEED_NOW - HOUR, created + HOUR)) : null;
      a.tags = a.tags?.filter((t) => t !== 'Under review');
    }
    cases.push(c);
    made++;
  }
}
