import type { AlertDraft, CaseDraft, HitDraft, Investigations } from './alerts.types.js';
import { draftBulkAlerts } from './alerts.bulk.js';
import { writeInvestigations } from './alerts.write.js';
import type { OrgContext, SeedContext, TxnRef } from './context.js';
import type { EventRefs } from './events.types.js';
import { Rng } from './rng.js';
import type { RuleKey } from './rules.js';
import { DAY, HOUR, iso, MINUTE, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

export type { AlertDraft, CaseDraft, HitDraft, Investigations } from './alerts.types.js';

/**
 * Alerts raised by the rules on the planted patterns and on background activity, with their hits
 * and linked objects; cases that group them; rule validations.
 */

const uniq = <T>(xs: T[]) => [...new Set(xs)];
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) * 100) / 100;

export async function seedInvestigations(ctx: SeedContext, org: OrgContext, refs: EventRefs): Promise<Investigations> {
  const rng = Rng.named(`${org.key}:alerts`);
  const alerts: AlertDraft[] = [];
  const E = org.entities;
  const restricted = org.byEmail.get('restricted@demo.test')?.id ?? null;

  const draft = (partial: Partial<AlertDraft> & Pick<AlertDraft, 'title' | 'description' | 'created' | 'alertType'>): AlertDraft => {
    const a: AlertDraft = {
      id: ctx.ids.take('alerts'),
      status: 'OPEN',
      source: 'INTERNAL',
      queueKey: 'general',
      assignee: null,
      ruleKeys: [],
      hits: [],
      txns: [],
      entityIdxs: [],
      instrumentIds: [],
      actionEventIds: [],
      risk: 50,
      content: null,
      externalReference: null,
      caseId: null,
      ruleValidationId: null,
      disposition: null,
      dispositionNotes: null,
      closed: null,
      ...partial,
    };
    alerts.push(a);
    return a;
  };
  const hitAt = (windowEnd: number) => roundSecond(windowEnd + rng.int(5, 55) * MINUTE);

  // Structuring: one alert per customer, one hit per burst of deposits.
  for (const s of refs.structuring) {
    const e = E[s.entityIdx];
    const hits: HitDraft[] = s.bursts.map((burst, b) => {
      const windowEnd = burst[burst.length - 1].time;
      return {
        ruleKey: 'structuring',
        created: hitAt(windowEnd),
        windowEnd,
        snapshots: { cash_deposit_count_7d: burst.length, cash_deposit_sum_7d: sum(burst.map((t) => t.amount)) },
        txns: burst.length,
        actionEvents: 0,
        entities: b === 0 ? 1 : 0,
        instruments: b === 0 ? 1 : 0,
      };
    });
    const txns = s.bursts.flat();
    draft({
      title: `${org.rules.structuring.title}: ${e.name}`,
      description: `${txns.length} cash deposits between ${org.currency} 9,000 and 9,999 in ${s.bursts.length} burst(s) of a few days each, keeping every deposit below the reporting threshold.`,
      created: hits[0].created,
      alertType: 'TRANSACTION_MONITORING',
      queueKey: 'highRisk',
      ruleKeys: ['structuring'],
      hits,
      txns,
      entityIdxs: [e.idx],
      instrumentIds: [e.accountId],
      risk: rng.int(70, 95),
    });
  }

  // Rapid movement: one alert per mule, one hit per run through the chain.
  const muleAlerts: AlertDraft[][] = [];
  for (const chain of refs.mules) {
    const runs = chain.runs.slice().sort((a, b) => a[0].time - b[0].time);
    const perMember: AlertDraft[] = [];
    chain.members.forEach((idx, m) => {
      const e = E[idx];
      const hits: HitDraft[] = [];
      const txns: TxnRef[] = [];
      runs.forEach((run, r) => {
        const inbound = run[m]; // wire in (m = 0) or the hop that paid this member
        const outbound = run[m + 1];
        txns.push(inbound, outbound);
        hits.push({
          ruleKey: 'rapid',
          created: hitAt(outbound.time),
          windowEnd: outbound.time,
          snapshots: {
            inbound_sum_24h: inbound.amount,
            outbound_sum_24h: outbound.amount,
            outbound_ratio_24h: Math.round((outbound.amount / inbound.amount) * 1000) / 1000,
            hours_in_to_out: Math.round(((outbound.time - inbound.time) / HOUR) * 10) / 10,
          },
          txns: 2,
          actionEvents: 0,
          entities: r === 0 ? 1 : 0,
          instruments: r === 0 ? 1 : 0,
        });
      });
      const neighbours = [chain.members[m - 1], chain.members[m + 1]].filter((x): x is number => x !== undefined);
      perMember.push(
        draft({
          title: `${org.rules.rapid.title}: ${e.name}`,
          description: `Funds received and sent on within hours, ${runs.length} times. The account was opened recently.`,
          created: hits[0].created,
          alertType: 'TRANSACTION_MONITORING',
          queueKey: 'fraudOps',
          ruleKeys: ['rapid'],
          hits,
          txns,
          entityIdxs: [idx, ...neighbours],
          instrumentIds: uniq([e.accountId, ...neighbours.map((n) => E[n].accountId)]),
          risk: rng.int(80, 98),
        }),
      );
    });
    muleAlerts.push(perMember);
  }

  // The shared device: one alert covering every customer seen on it.
  let sharedAlert: AlertDraft | null = null;
  if (refs.sharedDevice.events.length) {
    const events = refs.sharedDevice.events;
    const last = Math.max(...events.map((x) => x.time));
    const k = refs.sharedDevice.entityIdxs.length;
    sharedAlert = draft({
      title: `${org.rules.sharedDevice.title}: ${k} customers on one device`,
      description: `${k} unrelated customers signed in from device ${org.sharedDevice!.fingerprint} and IP address ${org.sharedDevice!.ip} within a few weeks, then added payees or changed contact details.`,
      created: hitAt(last),
      alertType: 'ACTION_EVENT_MONITORING',
      queueKey: 'sensitive',
      ruleKeys: ['sharedDevice'],
      hits: [
        {
          ruleKey: 'sharedDevice',
          created: hitAt(last),
          windowEnd: last,
          snapshots: { entities_per_fingerprint_30d: k, entities_per_ip_30d: k },
          txns: 0,
          actionEvents: events.length,
          entities: k,
          instruments: 1,
        },
      ],
      entityIdxs: refs.sharedDevice.entityIdxs,
      instrumentIds: [org.sharedDevice!.instrumentId],
      actionEventIds: events.map((x) => x.id),
      risk: 91,
    });
  }

  for (const t of refs.largeCash) {
    const e = E[t.entityIdx];
    draft({
      title: `${org.rules.largeCash.title}: ${e.name}`,
      description: `Cash deposit of ${org.currency} ${t.amount.toFixed(2)}.`,
      created: hitAt(t.time),
      alertType: 'TRANSACTION_MONITORING',
      queueKey: 'general',
      ruleKeys: ['largeCash'],
      hits: [
        {
          ruleKey: 'largeCash',
          created: hitAt(t.time),
          windowEnd: t.time,
          snapshots: { cash_deposit_amount: t.amount },
          txns: 1,
          actionEvents: 0,
          entities: 1,
          instruments: 1,
        },
      ],
      txns: [t],
      entityIdxs: [e.idx],
      instrumentIds: [e.accountId],
      risk: rng.int(30, 65),
    });
  }
  for (const t of refs.highRiskWires) {
    const e = E[t.entityIdx];
    draft({
      title: `${org.rules.highRiskWire.title}: ${e.name}`,
      description: `Wire of ${org.currency} ${t.amount.toFixed(2)} with a counterparty in ${t.country}.`,
      created: hitAt(t.time),
      alertType: 'TRANSACTION_MONITORING',
      queueKey: 'highRisk',
      ruleKeys: ['highRiskWire'],
      hits: [
        {
          ruleKey: 'highRiskWire',
          created: hitAt(t.time),
          windowEnd: t.time,
          snapshots: { wire_amount: t.amount, counterparty_country: t.country ?? '' },
          txns: 1,
          actionEvents: 0,
          entities: 1,
          instruments: 1,
        },
      ],
      txns: [t],
      entityIdxs: [e.idx],
      instrumentIds: [e.accountId],
      risk: rng.int(60, 90),
    });
  }

  // Manual and external alerts.
  const someEntity = (k: number) => E[(k * 7919) % E.length];
  const manual: [string, string, string][] = [
    ['Customer reported unauthorised login', 'The customer called the contact centre about a sign-in they did not make.', 'fraudOps'],
    ['Branch referral: unusual cash activity', 'Branch staff noticed repeated cash deposits by a third party.', 'general'],
    ['Law enforcement inquiry', 'Subpoena received for account records; handle in the restricted queue.', 'sensitive'],
    ['Adverse media match', 'News reports link the customer to an investigation for fraud.', 'highRisk'],
  ];
  manual.slice(0, org.key === 'demo' ? 4 : 2).forEach(([title, description, queueKey], k) => {
    const e = someEntity(k + 1);
    draft({
      title: `${title}: ${e.name}`,
      description,
      created: roundSecond(SEED_NOW - rng.int(3, 120) * DAY - rng.int(0, 23) * HOUR),
      alertType: 'MANUAL',
      queueKey,
      entityIdxs: [e.idx],
      instrumentIds: [e.accountId],
      risk: rng.int(40, 80),
    });
  });
  const externalCount = org.key === 'demo' ? 3 : 1;
  for (let k = 0; k < externalCount && k < refs.misc.length; k++) {
    const t = refs.misc[(k * 3) % refs.misc.length];
    const e = E[t.entityIdx];
    const reference = `CS-${2026_0000 + rng.int(1000, 9999)}`;
    draft({
      title: `Chargeback pattern reported by CardShield: ${e.name}`,
      description: 'Received from the card processor: disputed transactions on this customer.',
      created: roundSecond(Math.min(SEED_NOW - HOUR, t.time + rng.int(2, 20) * DAY)),
      alertType: 'TRANSACTION_MONITORING',
      source: 'EXTERNAL',
      queueKey: 'fraudOps',
      txns: [t],
      entityIdxs: [e.idx],
      instrumentIds: t.instrumentId ? [t.instrumentId] : [],
      content: { source: 'CardShield', reference, summary: 'Three disputed transactions within 30 days.', dispute_reason: 'Fraud - card absent environment' },
      externalReference: reference,
      risk: rng.int(50, 85),
    });
  }

  // Rule validations; the draft card-testing rule's run produced alerts in status RULE_VALIDATION.
  const validations: Row[] = [];
  const validation = (ruleKey: RuleKey, status: string, created: number, result: Record<string, unknown> | null) => {
    const id = ctx.ids.take('rule_validations');
    validations.push({
      id,
      org_id: org.id,
      rule_id: org.rules[ruleKey].id,
      status,
      spec: {},
      window_start: iso(created - 90 * DAY),
      window_end: iso(created),
      result,
      created_by_id: org.managerId,
      created_at: iso(created),
      finished_at: status === 'SUCCESS' || status === 'FAILED' ? iso(created + 20 * MINUTE) : null,
    });
    return id;
  };
  const byEntity = new Map<number, TxnRef[]>();
  for (const t of refs.tinyCard) byEntity.set(t.entityIdx, [...(byEntity.get(t.entityIdx) ?? []), t]);
  const validationGroups = [...byEntity.values()].slice(0, 4);
  const validationId = validation('cardTesting', 'SUCCESS', SEED_NOW - 6 * DAY, {
    evaluated_events: Math.round(org.volumes.transactions * 0.18),
    hits: validationGroups.length,
    alerts: validationGroups.length,
    entities: validationGroups.length,
  });
  validation('dormant', 'IN_PROGRESS', SEED_NOW - 2 * HOUR, null);
  validation('structuring', 'SUCCESS', SEED_NOW - 250 * DAY, {
    evaluated_events: Math.round(org.volumes.transactions * 0.3),
    hits: refs.structuring.length,
    alerts: refs.structuring.length,
    entities: refs.structuring.length,
  });
  validation('rapid', 'FAILED', SEED_NOW - 40 * DAY, { error: 'Validation window exceeded the 180-day limit.' });
  for (const group of validationGroups) {
    const e = E[group[0].entityIdx];
    const windowEnd = Math.max(...group.map((t) => t.time));
    draft({
      title: `${org.rules.cardTesting.title}: ${e.name}`,
      description: 'Produced by a validation run of a draft rule.',
      created: SEED_NOW - 6 * DAY + 15 * MINUTE,
      alertType: 'TRANSACTION_MONITORING',
      status: 'RULE_VALIDATION',
      queueKey: null,
      ruleKeys: ['cardTesting'],
      hits: [
        {
          ruleKey: 'cardTesting',
          created: SEED_NOW - 6 * DAY + 15 * MINUTE,
          windowEnd,
          snapshots: { small_card_auth_count_60m: group.length },
          txns: group.length,
          actionEvents: 0,
          entities: 1,
          instruments: 1,
        },
      ],
      txns: group,
      entityIdxs: [e.idx],
      instrumentIds: uniq(group.map((t) => t.instrumentId).filter((x): x is number => x !== null)),
      ruleValidationId: validationId,
      risk: rng.int(20, 60),
    });
  }

  // ---- cases ----
  const cases: CaseDraft[] = [];
  const caseStatus = (created: number) => {
    const age = SEED_NOW - created;
    if (age > 120 * DAY) return rng.chance(0.9) ? 'CLOSED' : 'IN_REVIEW';
    if (age > 30 * DAY)
      return rng.weighted([
        ['CLOSED', 45],
        ['IN_REVIEW', 25],
        ['OPEN', 30],
      ] as const);
    return rng.chance(0.65) ? 'OPEN' : 'IN_REVIEW';
  };
  const workers = org.workers;
  const makeCase = (title: string, description: string, queueKey: string, members: AlertDraft[], entityIdxs: number[], assignee?: number | null) => {
    const latest = members.length ? Math.max(...members.map((a) => a.hits.at(-1)?.created ?? a.created)) : SEED_NOW - rng.int(10, 60) * DAY;
    const created = roundSecond(Math.min(SEED_NOW - 2 * HOUR, latest + rng.float(0.5, 5) * DAY));
    const status = caseStatus(created);
    const c: CaseDraft = {
      id: ctx.ids.take('cases'),
      title,
      description,
      status,
      queueKey,
      assignee: assignee === undefined ? rng.pick(workers) : assignee,
      createdBy: rng.pick(workers),
      created,
      alertIds: members.map((a) => a.id),
      entityIdxs: uniq(entityIdxs),
      disposition:
        status === 'CLOSED'
          ? rng.weighted([
              ['TRUE_POSITIVE', 80],
              ['INCONCLUSIVE', 20],
            ] as const)
          : null,
      closed: status === 'CLOSED' ? roundSecond(Math.min(SEED_NOW - HOUR, created + rng.int(5, 40) * DAY)) : null,
    };
    for (const a of members) {
      a.caseId = c.id;
      a.status = status === 'CLOSED' ? 'CLOSED' : 'IN_REVIEW';
      a.assignee = c.assignee;
      if (status === 'CLOSED') {
        a.disposition = 'TRUE_POSITIVE';
        a.dispositionNotes = `Escalated to case ${c.id}: ${c.title}.`;
        a.closed = roundSecond(Math.min(SEED_NOW - HOUR, created + HOUR));
      }
    }
    cases.push(c);
    return c;
  };
  muleAlerts.forEach((members, c) => {
    const names = refs.mules[c].members.map((i) => E[i].name);
    makeCase(
      `Mule network: ${names.join(', ')}`,
      'Funds passed through three recently opened accounts within hours and were wired abroad.',
      'fraudOps',
      members,
      refs.mules[c].members,
    );
  });
  alerts
    .filter((a) => a.ruleKeys[0] === 'structuring')
    .forEach((a, k) => {
      if (k % 5 < 3)
        makeCase(`Structuring review: ${E[a.entityIdxs[0]].name}`, 'Repeated cash deposits just below the reporting threshold.', 'highRisk', [a], a.entityIdxs);
    });
  const sensitiveAssignee = org.key === 'demo' ? org.managerId : org.adminId;
  if (sharedAlert) {
    makeCase(
      `Shared device ring: ${sharedAlert.entityIdxs.length} customers on ${org.sharedDevice!.fingerprint}`,
      'Possible account takeover ring or synthetic identities operated from one phone.',
      'sensitive',
      [sharedAlert],
      sharedAlert.entityIdxs,
      sensitiveAssignee,
    );
  }
  const le = alerts.find((a) => a.alertType === 'MANUAL' && a.queueKey === 'sensitive');
  if (le)
    makeCase(
      `Law enforcement request: ${E[le.entityIdxs[0]].name}`,
      'Records requested by subpoena. Do not contact the customer.',
      'sensitive',
      [le],
      le.entityIdxs,
      restricted ?? sensitiveAssignee,
    );
  makeCase(
    `Elder financial abuse referral: ${someEntity(9).name}`,
    'A relative reported unusual withdrawals; no alert raised.',
    'general',
    [],
    [someEntity(9).idx],
  );
  const ctr = alerts.filter((a) => a.ruleKeys[0] === 'largeCash').slice(0, 2);
  if (ctr.length)
    makeCase(
      `Cash-intensive business review: ${E[ctr[0].entityIdxs[0]].name}`,
      'Large cash deposits reviewed for consistency with the business profile.',
      'general',
      ctr.slice(0, 1),
      ctr[0].entityIdxs,
    );

  // Alerts outside cases: status by age; recent ones are mostly open.
  for (const a of alerts) {
    if (a.caseId !== null || a.status === 'RULE_VALIDATION') continue;
    const age = SEED_NOW - a.created;
    a.status =
      age > 150 * DAY
        ? rng.weighted([
            ['CLOSED', 90],
            ['OPEN', 6],
            ['IN_REVIEW', 4],
          ] as const)
        : age > 45 * DAY
          ? rng.weighted([
              ['OPEN', 40],
              ['IN_REVIEW', 20],
              ['CLOSED', 40],
            ] as const)
          : rng.weighted([
              ['OPEN', 75],
              ['IN_REVIEW', 15],
              ['CLOSED', 10],
            ] as const);
    if (a.status === 'CLOSED') {
      a.disposition =
        a.ruleKeys[0] === 'largeCash'
          ? rng.weighted([
              ['FALSE_POSITIVE', 85],
              ['INCONCLUSIVE', 15],
            ] as const)
          : rng.weighted([
              ['FALSE_POSITIVE', 60],
              ['TRUE_POSITIVE', 20],
              ['INCONCLUSIVE', 20],
            ] as const);
      a.dispositionNotes = a.disposition === 'FALSE_POSITIVE' ? 'Activity consistent with the customer profile.' : 'Reviewed; no further action.';
      a.closed = roundSecond(Math.min(SEED_NOW - HOUR, (a.hits.at(-1)?.created ?? a.created) + rng.int(1, 20) * DAY));
    }
    a.assignee = a.status === 'OPEN' && rng.chance(0.25) ? null : rng.pick(workers);
    if (a.queueKey === 'sensitive') a.assignee = a.status === 'OPEN' && restricted ? restricted : sensitiveAssignee;
  }
  // the first open alert of the General queue is unassigned, whatever the draw
  const firstOpen = alerts.find((a) => a.status === 'OPEN' && a.queueKey === 'general');
  if (firstOpen) firstOpen.assignee = null;
  // the large scale's volume (nothing at the other scales)
  draftBulkAlerts(ctx, org, refs, alerts, cases);

  await writeInvestigations(ctx, org, alerts, cases, validations, refs);
  return { alerts, cases };
}
