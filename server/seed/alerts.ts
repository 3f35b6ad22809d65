import type { AlertDraft, CaseDraft, Investigations } from './alerts.types.js';
import { draftBulkAlerts } from './alerts.bulk.js';
import { draftDetectedAlerts, draftValidations } from './alerts.detected.js';
import { writeInvestigations } from './alerts.write.js';
import { judgeSeededEvents } from './detections.js';
import type { OrgContext, SeedContext } from './context.js';
import type { EventRefs } from './events.types.js';
import { Rng } from './rng.js';
import type { RuleKey } from './rules.js';
import { DAY, HOUR, roundSecond, SEED_NOW } from './time.js';

export type { AlertDraft, CaseDraft, HitDraft, Investigations } from './alerts.types.js';

/**
 * The investigations: the alerts the detection engine raised over the seeded events (planted
 * patterns and background activity alike, alerts.detected.ts), manual and external alerts, the
 * rule validation runs, the cases that group alerts, and what the team did with them.
 */

const uniq = <T>(xs: T[]) => [...new Set(xs)];

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

  // The rule-driven alerts: the engine's, over the seeded events (alerts.detected.ts).
  const { runs, all: seededRules } = await judgeSeededEvents(ctx, org);
  const detected = draftDetectedAlerts(org, runs, draft, rng);
  const latestOf = (ruleKey: RuleKey) => [...detected.latest.values()].filter((a) => a.ruleKeys[0] === ruleKey);
  const latestFor = (ruleKey: RuleKey, idx: number) => detected.latest.get(`rule:${org.rules[ruleKey].id}:ENTITY:${E[idx].id}`);

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

  // Rule validations, each judged by the engine over its window.
  const validations = draftValidations(ctx, org, seededRules, runs, draft);

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
  refs.mules.forEach((chain) => {
    const members = chain.members.map((idx) => latestFor('rapid', idx)).filter((a): a is AlertDraft => a !== undefined);
    if (!members.length) return;
    const names = chain.members.map((i) => E[i].name);
    makeCase(
      `Mule network: ${names.join(', ')}`,
      'Funds passed through three recently opened accounts within hours and were wired abroad.',
      'fraudOps',
      members,
      chain.members,
    );
  });
  latestOf('structuring')
    .filter((a) => a.caseId === null)
    .forEach((a, k) => {
      if (k % 5 < 3)
        makeCase(`Structuring review: ${E[a.entityIdxs[0]].name}`, 'Repeated cash deposits just below the reporting threshold.', 'highRisk', [a], a.entityIdxs);
    });
  const sensitiveAssignee = org.key === 'demo' ? org.managerId : org.adminId;
  const ring = latestOf('sharedDevice').filter((a) => a.caseId === null);
  if (ring.length && org.sharedDevice) {
    const members = [...new Set(ring.flatMap((a) => a.entityIdxs))];
    makeCase(
      `Shared device ring: ${members.length} customers on ${org.sharedDevice.fingerprint}`,
      'Possible account takeover ring or synthetic identities operated from one phone.',
      'sensitive',
      ring,
      members,
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
  const ctr = latestOf('largeCash')
    .filter((a) => a.caseId === null)
    .slice(0, 2);
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
    // the engine's alerts had their fate drawn as they opened (alerts.detected.ts)
    if (!a.detectionKey)
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
    if (a.status !== 'CLOSED') a.closed = null;
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
      a.closed ??= roundSecond(Math.min(SEED_NOW - HOUR, (a.hits.at(-1)?.created ?? a.created) + rng.int(1, 20) * DAY));
    }
    a.assignee = a.status === 'OPEN' && rng.chance(0.25) ? null : rng.pick(workers);
    if (a.queueKey === 'sensitive') a.assignee = a.status === 'OPEN' && restricted ? restricted : sensitiveAssignee;
  }
  // the first open alert of the General queue is unassigned, whatever the draw
  const firstOpen = alerts.find((a) => a.status === 'OPEN' && a.queueKey === 'general');
  if (firstOpen) firstOpen.assignee = null;
  // the large scale's volume (nothing at the other scales)
  draftBulkAlerts(ctx, org, refs, alerts, cases);

  await writeInvestigations(ctx, org, alerts, cases, validations, { runs, raised: detected.raised, ruleOf: detected.ruleOf });
  return { alerts, cases };
}
