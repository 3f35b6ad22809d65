import type { Investigations } from './alerts.js';
import type { OrgContext, SeedContext } from './context.js';
import type { EventRefs } from './events.types.js';
import type { SarDraft } from './filings.js';
import { seedDocuments } from './documents.js';
import { Rng } from './rng.js';
import { DAY, iso, MINUTE, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/** Comments, documents (./documents.ts), tags on objects and label edits. */

/** How a comment mentions an agent; the console renders it as a link to the agent. */
export const mention = (agent: { id: number; full_name: string }) => `@[${agent.full_name}](agent:${agent.id})`;

const ALERT_NOTES = [
  'Pulled 12 months of statements; the pattern starts after the account was opened.',
  'Customer profile says retail business, but deposits are all in round amounts.',
  'Requested KYC refresh from the branch.',
  'No adverse media found.',
  'Counterparty appears in two other alerts this quarter.',
  'Reviewed device history: no new devices before the activity.',
  'Called the customer; explanation was inconsistent with the documents provided.',
];
const CASE_NOTES = [
  'Timeline of deposits and withdrawals attached.',
  'Linked accounts reviewed; funds leave within hours of arrival.',
  'Recommend filing a SAR and restricting online banking.',
  'Branch confirmed the deposits were made by the same person.',
  'Escalating to the BSA officer for sign-off.',
];

export async function seedAnnotations(ctx: SeedContext, org: OrgContext, inv: Investigations, sars: SarDraft[], refs: EventRefs): Promise<void> {
  const rng = Rng.named(`${org.key}:annotations`);
  const E = org.entities;
  const agentsById = new Map(org.agents.map((a) => [a.id, a]));
  const workers = org.workers;
  const comments: Row[] = [];
  const comment = (objectType: string, objectId: number, after: number, content: string, author = rng.pick(workers)) => {
    const created = roundSecond(Math.min(SEED_NOW - 10 * MINUTE, after + rng.float(0.1, 6) * DAY));
    comments.push({
      id: ctx.ids.take('comments'),
      org_id: org.id,
      object_type: objectType,
      object_id: objectId,
      author_id: author,
      content,
      created_at: iso(created),
    });
  };

  for (const a of inv.alerts) {
    if (a.status === 'RULE_VALIDATION' || !rng.chance(0.6)) continue;
    const n = rng.int(1, 3);
    for (let k = 0; k < n; k++) comment('ALERT', a.id, a.created + k * DAY, rng.pick(ALERT_NOTES), a.assignee ?? undefined);
    if (a.disposition === 'FALSE_POSITIVE')
      comment('ALERT', a.id, a.closed ?? a.created, 'Closing as false positive: activity matches the customer’s declared business.', a.assignee ?? undefined);
  }
  for (const c of inv.cases) {
    const n = rng.int(2, 5);
    for (let k = 0; k < n; k++) comment('CASE', c.id, c.created + k * 2 * DAY, rng.pick(CASE_NOTES), c.assignee ?? undefined);
    const other = agentsById.get(org.managerId)!;
    comment('CASE', c.id, c.created + DAY, `${mention(other)} please review before we file.`, c.assignee ?? undefined);
  }
  for (const s of sars)
    comment(
      'SAR',
      s.id,
      s.created,
      rng.pick(['Narrative drafted; please review.', 'Added the transaction table to the narrative.', 'Approved for filing.']),
      org.managerId,
    );
  for (const e of E.filter((x) => x.role !== 'normal').slice(0, 40))
    comment(
      'ENTITY',
      e.id,
      Math.max(e.registeredAt, SEED_NOW - 200 * DAY),
      rng.pick(['Customer is under review; do not close accounts without compliance approval.', 'KYC documents refreshed.', 'Flagged by the monitoring team.']),
    );
  for (const t of refs.misc.slice(0, 10))
    comment(
      'TRANSACTION',
      t.id,
      t.time,
      rng.pick(['Customer confirmed this payment.', 'Merchant descriptor looks unusual.', 'Checked with the branch: legitimate.']),
    );
  if (org.sharedDevice) comment('INSTRUMENT', org.sharedDevice.instrumentId, SEED_NOW - 40 * DAY, 'Same Android handset seen on several unrelated customers.');
  if (refs.sharedDevice.events[0])
    comment('ACTION_EVENT', refs.sharedDevice.events[0].id, refs.sharedDevice.events[0].time, 'First sign-in from the shared device.');
  for (const rule of Object.values(org.rules).filter((r) => r.status === 'DRAFT'))
    comment('RULE', rule.id, SEED_NOW - 8 * DAY, 'Validation looks good; ready to activate after review.', org.managerId);
  await ctx.w.insert('comments', comments);

  await seedDocuments(ctx, org, inv, sars, refs);

  // Tags on objects, and the label edits that applied them.
  const tagRows = new Map<string, Row>();
  const labelEdits: Row[] = [];
  const tag = (title: string, objectType: string, objectId: number, at: number, externalId?: string) => {
    const tagId = org.tags[title];
    if (!tagId) return;
    const key = `${tagId}:${objectType}:${objectId}`;
    if (tagRows.has(key)) return;
    tagRows.set(key, {
      org_id: org.id,
      tag_id: tagId,
      object_type: objectType,
      object_id: objectId,
      created_at: iso(roundSecond(Math.min(SEED_NOW - MINUTE, at))),
    });
    if (externalId && labelEdits.length < 25) {
      const started = roundSecond(Math.min(SEED_NOW - MINUTE, at));
      labelEdits.push({
        id: ctx.ids.take('label_edits'),
        org_id: org.id,
        object_type: objectType,
        object_external_id: externalId,
        requested_by: rng.pick(workers),
        tag_ids: [tagId],
        started_at: iso(started),
        finished_at: iso(started + 8000),
      });
    }
  };
  for (const e of E) {
    const at = Math.max(e.registeredAt, SEED_NOW - 300 * DAY);
    if (e.role === 'structuring') tag(e.type === 'business' ? 'Cash intensive' : 'Under review', 'ENTITY', e.id, at, e.external_id);
    if (e.role === 'mule') tag('Mule suspect', 'ENTITY', e.id, at, e.external_id);
    if (e.isPep) tag('PEP', 'ENTITY', e.id, at, e.external_id);
    if (e.status === 'BLOCKED') tag('High risk', 'ENTITY', e.id, at);
    if (e.idx % 97 === 5) tag('VIP', 'ENTITY', e.id, at);
  }
  for (const chain of refs.mules) for (const t of chain.runs.flat()) tag('Mule suspect', 'TRANSACTION', t.id, t.time + DAY, t.external_id);
  for (const s of refs.structuring) for (const t of s.bursts.flat()) tag('Under review', 'TRANSACTION', t.id, t.time + DAY);
  for (const a of inv.alerts) {
    if (a.disposition === 'FALSE_POSITIVE') tag('False positive', 'ALERT', a.id, a.closed ?? a.created);
    if (a.caseId !== null) tag('Escalated', 'ALERT', a.id, a.created + DAY);
    if (a.queueKey === 'sensitive') tag('Law enforcement request', 'ALERT', a.id, a.created);
    for (const title of a.tags ?? []) tag(title, 'ALERT', a.id, a.created);
  }
  for (const c of inv.cases) tag(c.queueKey === 'fraudOps' ? 'Mule suspect' : 'High risk', 'CASE', c.id, c.created);
  if (org.sharedDevice) tag('Watchlist', 'INSTRUMENT', org.sharedDevice.instrumentId, SEED_NOW - 40 * DAY);
  for (const ev of refs.sharedDevice.events.slice(0, 3)) tag('Watchlist', 'ACTION_EVENT', ev.id, ev.time + DAY);
  // one edit still being applied (no finished_at)
  const pendingEntity = E.find((e) => e.role === 'structuring');
  if (pendingEntity && org.tags['High risk']) {
    labelEdits.push({
      id: ctx.ids.take('label_edits'),
      org_id: org.id,
      object_type: 'ENTITY',
      object_external_id: pendingEntity.external_id,
      requested_by: org.managerId,
      tag_ids: [org.tags['High risk']],
      started_at: iso(SEED_NOW - 3 * MINUTE),
      finished_at: null,
    });
  }
  await ctx.w.insert('object_tags', tagRows.values());
  await ctx.w.insert('label_edits', labelEdits);
}
