import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { firstRow, iso, rows, type SqlRunner, type Ts } from '../../db/sql.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { defineHandlers } from '../types.js';

/**
 * Rule silencing, on the entity's Rule Silencing tab: a customer's silences of one rule or of every
 * rule, each with a reason and an optional expiry; lifting one ends it. The detection engine reads
 * them (server/domain/detection/store.ts).
 */

type S = components['schemas'];

interface SilenceRow {
  id: number;
  entity_id: number;
  rule_id: number | null;
  rule_title: string | null;
  reason: string;
  expires_at: Ts | null;
  created_at: Ts;
  by_id: number | null;
  by_name: string | null;
  lifted_at: Ts | null;
  lifted_id: number | null;
  lifted_name: string | null;
  active: boolean;
}

const person = (id: number | null, name: string | null) => (id === null ? null : { id, full_name: name ?? '' });

function silence(r: SilenceRow): S['RuleSilence'] {
  return {
    id: r.id,
    entity_id: r.entity_id,
    rule: r.rule_id === null ? null : { id: r.rule_id, title: r.rule_title ?? '' },
    reason: r.reason,
    expires_at: iso(r.expires_at),
    created_at: iso(r.created_at),
    created_by: person(r.by_id, r.by_name),
    lifted_at: iso(r.lifted_at),
    lifted_by: person(r.lifted_id, r.lifted_name),
    active: r.active,
  };
}

function silenceRows(db: SqlRunner, orgId: number, where: ReturnType<typeof sql>) {
  return rows<SilenceRow>(
    db,
    sql`select s.id, s.entity_id, s.rule_id, r.title as rule_title, s.reason, s.expires_at, s.created_at,
        s.created_by_id as by_id, c.full_name as by_name, s.lifted_at, s.lifted_by_id as lifted_id, l.full_name as lifted_name,
        (s.lifted_at is null and (s.expires_at is null or s.expires_at > now())) as active
      from rule_silences s left join rules r on r.org_id = s.org_id and r.id = s.rule_id
      left join agents c on c.id = s.created_by_id left join agents l on l.id = s.lifted_by_id
      where s.org_id = ${orgId} and ${where}
      order by (s.lifted_at is null and (s.expires_at is null or s.expires_at > now())) desc, s.created_at desc, s.id desc`,
  );
}

async function requireEntity(db: SqlRunner, orgId: number, id: number) {
  const found = await firstRow<{ id: number }>(db, sql`select id from entities where org_id = ${orgId} and id = ${id}`);
  if (!found) throw notFound('Entity');
}

export const silenceHandlers = defineHandlers({
  async listRuleSilences({ db, principal, params }) {
    await requireEntity(db, principal.orgId, params.id);
    return { silences: (await silenceRows(db, principal.orgId, sql`s.entity_id = ${params.id}`)).map(silence) };
  },

  async createRuleSilence({ db, req, principal, params, body, reply }) {
    await requireEntity(db, principal.orgId, params.id);
    const reason = body.reason.trim();
    const details = [];
    if (!reason) details.push({ path: 'body/reason', message: 'A reason is required.' });
    const expires = body.expires_at ? new Date(body.expires_at) : null;
    if (expires && (Number.isNaN(expires.getTime()) || expires.getTime() <= Date.now()))
      details.push({ path: 'body/expires_at', message: 'The silence must end in the future.' });
    const ruleId = body.rule_id ?? null;
    if (ruleId !== null && !(await firstRow(db, sql`select id from rules where org_id = ${principal.orgId} and id = ${ruleId}`)))
      details.push({ path: 'body/rule_id', message: 'No such rule.' });
    if (details.length) throw badRequest(`Invalid silence: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
    const id = await db.transaction(async (tx) => {
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into rule_silences (org_id, entity_id, rule_id, reason, expires_at, created_by_id)
          values (${principal.orgId}, ${params.id}, ${ruleId}, ${reason}, ${expires?.toISOString() ?? null}, ${principal.agentId}) returning id`,
      );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'rule_silence.created',
        objectType: 'ENTITY',
        objectId: params.id,
        after: { silence_id: created!.id, rule_id: ruleId, reason, expires_at: expires?.toISOString() ?? null },
      });
      return created!.id;
    });
    reply.code(201);
    return silence((await silenceRows(db, principal.orgId, sql`s.id = ${id}`))[0]);
  },

  async liftRuleSilence({ db, req, principal, params }) {
    const [found] = await silenceRows(db, principal.orgId, sql`s.id = ${params.id}`);
    if (!found) throw notFound('Silence');
    if (found.lifted_at !== null) throw conflict('This silence was already lifted.');
    await db.transaction(async (tx) => {
      const lifted = await firstRow<{ id: number }>(
        tx,
        sql`update rule_silences set lifted_at = now(), lifted_by_id = ${principal.agentId}
          where org_id = ${principal.orgId} and id = ${params.id} and lifted_at is null returning id`,
      );
      if (!lifted) throw conflict('This silence was already lifted.');
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'rule_silence.lifted',
        objectType: 'ENTITY',
        objectId: found.entity_id,
        details: { silence_id: found.id, rule_id: found.rule_id },
      });
    });
    return silence((await silenceRows(db, principal.orgId, sql`s.id = ${params.id}`))[0]);
  },
});
