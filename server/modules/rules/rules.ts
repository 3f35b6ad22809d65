import { sql } from 'drizzle-orm';
import { validateRuleSpec } from '../../../core/rule-spec.js';
import type { operations } from '../../../openapi/schema.js';
import { ruleSnapshot, type RuleEvent } from '../../../machines/rule.machine.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { firstRow, intArray, iso, rows, type SqlRunner } from '../../db/sql.js';
import { enqueueRuleValidation } from '../../domain/detection/index.js';
import { audit } from '../../lib/audit.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { badRequest, conflict, forbidden, notFound, type ErrorDetail } from '../../lib/errors.js';
import { defineHandlers } from '../types.js';
import { ruleOf, ruleRow, ruleRows, validationRows, validationSummary, type RuleRow } from './rules.queries.js';

/**
 * Rules: the list, one rule, writing a draft, saving (a new version for a live rule), validating
 * (a backtest job), going live in shadow or for real, archiving; their versions, history and hits.
 * Which request a rule takes is the lifecycle machine's answer for its stored state
 * (machines/rule.machine.ts); the writes repeat the condition in SQL, so a racing request changes
 * nothing.
 */

const CANNOT: Record<RuleEvent['type'], string> = {
  'rule.edit': 'An archived rule, or a draft whose validation is queued or in progress, cannot be changed.',
  'validation.request': 'An archived rule, or a rule whose validation is queued or in progress, cannot be validated.',
  'validation.start': '',
  'validation.succeed': '',
  'validation.fail': '',
  'rule.shadow': 'Only a draft whose last validation succeeded on its current definition, or an active rule, can run in shadow.',
  'rule.activate': 'Only a draft whose last validation succeeded on its current definition, or a rule in shadow, can be activated.',
  'rule.archive': 'An archived rule, or a draft whose validation is queued or in progress, cannot be archived.',
};

const LIVE = ['ACTIVE', 'ACTIVE_SHADOW'];
const MAX_VALIDATION_DAYS = 731;
const DAY_MS = 86_400_000;

async function load(db: SqlRunner, orgId: number, id: number): Promise<RuleRow> {
  const row = await ruleRow(db, orgId, id);
  if (!row) throw notFound('Rule');
  return row;
}

function allow(row: RuleRow, type: RuleEvent['type']) {
  const pending = row.lv_status === 'QUEUED' || row.lv_status === 'IN_PROGRESS';
  if (!ruleSnapshot(row.status, row.lv_status, row.lv_current === true).can({ type })) throw conflict(CANNOT[type]);
  // a live rule has no validation sub-state in the machine: one run at a time all the same
  if (type === 'validation.request' && pending) throw conflict(CANNOT[type]);
}

interface RuleBody {
  title: string;
  description?: string | null;
  queue_id?: number | null;
  spec: Record<string, unknown>;
}

/** Checks a body's spec, queue and custom fields; 400 naming each problem. */
async function check(db: SqlRunner, orgId: number, body: RuleBody) {
  const details: ErrorDetail[] = [];
  if (!body.title.trim()) details.push({ path: 'body/title', message: 'A title is required.' });
  for (const p of validateRuleSpec(body.spec)) details.push({ path: p.path ? `body/spec/${p.path}` : 'body/spec', message: p.message });
  if (body.queue_id !== undefined && body.queue_id !== null) {
    const queue = await firstRow<{ id: number }>(db, sql`select id from queues where org_id = ${orgId} and id = ${body.queue_id}`);
    if (!queue) details.push({ path: 'body/queue_id', message: 'No such queue.' });
  }
  const variables = Array.isArray(body.spec.variables) ? (body.spec.variables as Array<{ data_setting_id?: unknown }>) : [];
  const wanted = variables
    .map((v, i) => ({ i, id: v?.data_setting_id }))
    .filter((v): v is { i: number; id: number } => Number.isInteger(v.id) && (v.id as number) > 0);
  if (wanted.length) {
    const found = await rows<{ id: number; censorship_setting: string }>(
      db,
      sql`select id, censorship_setting from data_settings where org_id = ${orgId} and id = any(${intArray(wanted.map((w) => Math.min(w.id, 2_147_483_647)))})`,
    );
    for (const w of wanted) {
      const setting = found.find((f) => f.id === w.id);
      if (!setting) details.push({ path: `body/spec/variables/${w.i}/data_setting_id`, message: 'No such custom field.' });
      else if (setting.censorship_setting === 'ENCRYPTED')
        details.push({ path: `body/spec/variables/${w.i}/data_setting_id`, message: 'A rule cannot read an encrypted field.' });
    }
  }
  if (details.length) throw badRequest(`Invalid rule: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
}

const editable = (r: RuleRow) => ({ title: r.title, description: r.description, queue_id: r.queue_id, spec: r.spec });

function requireLiveRight(p: Principal, name: 'activate_live_rules' | 'archive_live_rules', what: string) {
  if (!hasPermission(p, name)) throw forbidden(`${what} needs the ${name} permission.`);
}

export type RuleListQuery = NonNullable<operations['listRules']['parameters']['query']>;

/** The rule list (GET /api/rules): its filters, the most recently changed first, one page; also what a rule export reads. */
export async function listRules(db: SqlRunner, principal: Principal, query: RuleListQuery) {
  const conditions = [sql`true`];
  if (query.status?.length) conditions.push(sql`r.status = any(${sql.param([...query.status])}::text[])`);
  if (query.queue_id !== undefined) conditions.push(sql`r.queue_id = ${query.queue_id}`);
  const q = query.q?.trim();
  if (q) conditions.push(sql`r.title ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const found = await ruleRows(
    db,
    principal.orgId,
    sql.join(conditions, sql` and `),
    sql`order by r.updated_at desc, r.id desc limit ${query.limit ?? 200} offset ${query.offset ?? 0}`,
  );
  const count = found[0]?.count ?? (query.offset ? (await ruleRows(db, principal.orgId, sql.join(conditions, sql` and `))).length : 0);
  return { count, rules: found.map(ruleOf) };
}

/** A rule's validation runs, newest first, as its Validation runs table lists them; 404 for a rule the organisation does not have. */
export async function listRuleValidations(db: SqlRunner, principal: Principal, ruleId: number): Promise<ReturnType<typeof validationSummary>[]> {
  await load(db, principal.orgId, ruleId);
  return (await validationRows(db, principal.orgId, sql`v.rule_id = ${ruleId}`)).map(validationSummary);
}

export const ruleHandlers = defineHandlers({
  async listRules({ db, principal, query }) {
    return listRules(db, principal, query);
  },

  async getRule({ db, principal, params }) {
    return ruleOf(await load(db, principal.orgId, params.id));
  },

  async createRule({ db, req, principal, body, reply }) {
    await check(db, principal.orgId, body);
    const id = await db.transaction(async (tx) => {
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into rules (org_id, title, description, status, spec, queue_id, created_by_id, version)
          values (${principal.orgId}, ${body.title.trim()}, ${body.description?.trim() || null}, 'DRAFT', ${JSON.stringify(body.spec)}::jsonb,
            ${body.queue_id ?? null}, ${principal.agentId}, 1)
          returning id`,
      );
      await tx.execute(
        sql`insert into rule_versions (org_id, rule_id, version, spec, created_by_id)
          values (${principal.orgId}, ${created!.id}, 1, ${JSON.stringify(body.spec)}::jsonb, ${principal.agentId})`,
      );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'rule.created',
        objectType: 'RULE',
        objectId: created!.id,
        before: null,
        after: { title: body.title.trim(), queue_id: body.queue_id ?? null, version: 1 },
      });
      return created!.id;
    });
    reply.code(201);
    return ruleOf(await load(db, principal.orgId, id));
  },

  async updateRule({ db, req, principal, params, body }) {
    const row = await load(db, principal.orgId, params.id);
    allow(row, 'rule.edit');
    await check(db, principal.orgId, body);
    const next = { title: body.title.trim(), description: body.description?.trim() || null, queue_id: body.queue_id ?? null, spec: body.spec };
    const before = editable(row);
    const specChanged = canonicalJson(before.spec) !== canonicalJson(next.spec);
    const live = LIVE.includes(row.status);
    if (live && specChanged) requireLiveRight(principal, 'activate_live_rules', 'Changing what a live rule detects');
    if (canonicalJson(before) === canonicalJson(next)) return ruleOf(row);
    await db.transaction(async (tx) => {
      const version = live && specChanged ? row.version + 1 : row.version;
      const saved = await firstRow<{ id: number }>(
        tx,
        sql`update rules set title = ${next.title}, description = ${next.description}, queue_id = ${next.queue_id},
            spec = ${JSON.stringify(next.spec)}::jsonb, version = ${version}, updated_at = now()
          where org_id = ${principal.orgId} and id = ${row.id} and status = ${row.status} and version = ${row.version} returning id`,
      );
      if (!saved) throw conflict(CANNOT['rule.edit']);
      if (specChanged && live) {
        await tx.execute(
          sql`insert into rule_versions (org_id, rule_id, version, spec, created_by_id)
            values (${principal.orgId}, ${row.id}, ${version}, ${JSON.stringify(next.spec)}::jsonb, ${principal.agentId})`,
        );
      } else if (specChanged) {
        // a draft has never raised anything: its version is rewritten in place
        await tx.execute(
          sql`update rule_versions set spec = ${JSON.stringify(next.spec)}::jsonb, created_by_id = ${principal.agentId}, created_at = now()
            where org_id = ${principal.orgId} and rule_id = ${row.id} and version = ${row.version}`,
        );
      }
      const changedBefore: Record<string, unknown> = {};
      const changedAfter: Record<string, unknown> = {};
      for (const key of Object.keys(next) as Array<keyof typeof next>) {
        if (canonicalJson(before[key]) !== canonicalJson(next[key])) {
          changedBefore[key] = before[key];
          changedAfter[key] = next[key];
        }
      }
      if (version !== row.version) {
        changedBefore.version = row.version;
        changedAfter.version = version;
      }
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'rule.updated',
        objectType: 'RULE',
        objectId: row.id,
        before: changedBefore,
        after: changedAfter,
      });
    });
    return ruleOf(await load(db, principal.orgId, row.id));
  },

  async setRuleStatus({ db, req, principal, params, body }) {
    const row = await load(db, principal.orgId, params.id);
    const event = ({ ACTIVE_SHADOW: 'rule.shadow', ACTIVE: 'rule.activate', ARCHIVED: 'rule.archive' } as const)[body.status];
    if (body.status === row.status) return ruleOf(row);
    allow(row, event);
    if (body.status === 'ARCHIVED') {
      if (LIVE.includes(row.status)) requireLiveRight(principal, 'archive_live_rules', 'Archiving a live rule');
    } else {
      requireLiveRight(principal, 'activate_live_rules', 'Putting a rule live');
    }
    await db.transaction(async (tx) => {
      const moved = await firstRow<{ id: number }>(
        tx,
        sql`update rules set status = ${body.status}, updated_at = now()
          where org_id = ${principal.orgId} and id = ${row.id} and status = ${row.status} and version = ${row.version} returning id`,
      );
      if (!moved) throw conflict(CANNOT[event]);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'rule.status_changed',
        objectType: 'RULE',
        objectId: row.id,
        before: { status: row.status },
        after: { status: body.status },
      });
    });
    return ruleOf(await load(db, principal.orgId, row.id));
  },

  async listRuleValidations({ db, principal, params }) {
    return { validations: await listRuleValidations(db, principal, params.id) };
  },

  async validateRule({ db, req, principal, params, body, reply }) {
    const row = await load(db, principal.orgId, params.id);
    allow(row, 'validation.request');
    const end = body.window_end ? new Date(body.window_end) : new Date();
    const start = body.window_start ? new Date(body.window_start) : new Date(end.getTime() - 30 * DAY_MS);
    const details: ErrorDetail[] = [];
    if (Number.isNaN(end.getTime())) details.push({ path: 'body/window_end', message: 'Enter a date and time.' });
    if (Number.isNaN(start.getTime())) details.push({ path: 'body/window_start', message: 'Enter a date and time.' });
    else if (start >= end) details.push({ path: 'body/window_start', message: 'The window must start before it ends.' });
    else if (end.getTime() - start.getTime() > MAX_VALIDATION_DAYS * DAY_MS)
      details.push({ path: 'body/window_start', message: `A validation covers at most ${MAX_VALIDATION_DAYS} days.` });
    if (details.length) throw badRequest('Invalid validation window', details);
    const id = await db.transaction(async (tx) => {
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into rule_validations (org_id, rule_id, status, spec, window_start, window_end, created_by_id)
          select ${principal.orgId}, ${row.id}, 'QUEUED', v.spec, ${start.toISOString()}, ${end.toISOString()}, ${principal.agentId}
          from rule_versions v where v.org_id = ${principal.orgId} and v.rule_id = ${row.id} and v.version = ${row.version}
            and not exists (select 1 from rule_validations p where p.org_id = ${principal.orgId} and p.rule_id = ${row.id} and p.status in ('QUEUED', 'IN_PROGRESS'))
          returning id`,
      );
      if (!created) throw conflict(CANNOT['validation.request']);
      await enqueueRuleValidation(tx, principal.orgId, created.id);
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'rule.validation_requested',
        objectType: 'RULE',
        objectId: row.id,
        details: { validation_id: created.id, window_start: start.toISOString(), window_end: end.toISOString(), version: row.version },
      });
      return created.id;
    });
    reply.code(202);
    const [run] = await validationRows(db, principal.orgId, sql`v.id = ${id}`);
    return validationSummary(run);
  },

  async listRuleVersions({ db, principal, params }) {
    await load(db, principal.orgId, params.id);
    const found = await rows<{ version: number; spec: Record<string, unknown>; created_at: Date | string; by_id: number | null; by_name: string | null }>(
      db,
      sql`select v.version, v.spec, v.created_at, v.created_by_id as by_id, a.full_name as by_name from rule_versions v left join agents a on a.id = v.created_by_id
        where v.org_id = ${principal.orgId} and v.rule_id = ${params.id} order by v.version desc`,
    );
    return {
      versions: found.map((v) => ({
        version: v.version,
        spec: v.spec,
        created_at: iso(v.created_at),
        created_by: v.by_id === null ? null : { id: v.by_id, full_name: v.by_name ?? '' },
      })),
    };
  },

  async getRuleHistory({ db, principal, params }) {
    await load(db, principal.orgId, params.id);
    const found = await rows<{
      id: number;
      action: string;
      created_at: Date | string;
      agent_id: number | null;
      full_name: string | null;
      details: Record<string, unknown>;
    }>(
      db,
      sql`select l.id, l.action, l.created_at, l.agent_id, a.full_name, l.details from audit_log l left join agents a on a.id = l.agent_id
        where l.org_id = ${principal.orgId} and l.object_type = 'RULE' and l.object_id = ${String(params.id)} order by l.created_at desc, l.id desc limit 500`,
    );
    return {
      entries: found.map((e) => ({
        id: e.id,
        action: e.action,
        created_at: iso(e.created_at),
        agent: e.agent_id === null ? null : { id: e.agent_id, full_name: e.full_name ?? '' },
        details: e.details ?? {},
      })),
    };
  },

  async listRuleHits({ db, principal, params, query }) {
    await load(db, principal.orgId, params.id);
    const shadow = query.shadow ?? false;
    const found = await rows<{
      id: number;
      rule_version: number;
      subject_type: 'ENTITY' | 'INSTRUMENT';
      subject_id: number;
      subject_name: string | null;
      event_type: 'TRANSACTION' | 'ACTION_EVENT';
      event_id: number;
      event_external_id: string | null;
      event_time: Date | string;
      variable_snapshot: Record<string, unknown>;
      is_shadow: boolean;
      alert_id: number | null;
      silence_id: number | null;
      created_at: Date | string;
      count: number;
    }>(
      db,
      sql`select h.id, h.rule_version, h.subject_type, h.subject_id,
          case when h.subject_type = 'ENTITY' then (select name_readable from entities e where e.org_id = h.org_id and e.id = h.subject_id)
            else (select external_id from instruments i where i.org_id = h.org_id and i.id = h.subject_id) end as subject_name,
          h.event_type, h.event_id,
          case when h.event_type = 'TRANSACTION' then (select external_id from transactions t where t.org_id = h.org_id and t.id = h.event_id)
            else (select external_id from action_events x where x.org_id = h.org_id and x.id = h.event_id) end as event_external_id,
          h.event_time, h.variable_snapshot, h.is_shadow, h.alert_id, h.silence_id, h.created_at, count(*) over ()::int as count
        from rule_hits h where h.org_id = ${principal.orgId} and h.rule_id = ${params.id} and h.is_shadow = ${shadow}
        order by h.event_time desc, h.id desc limit ${query.limit ?? 50} offset ${query.offset ?? 0}`,
    );
    return {
      count: found[0]?.count ?? 0,
      hits: found.map(({ count: _count, silence_id, event_time, created_at, ...h }) => ({
        ...h,
        event_time: iso(event_time),
        created_at: iso(created_at),
        silenced: silence_id !== null,
      })),
    };
  },
});
