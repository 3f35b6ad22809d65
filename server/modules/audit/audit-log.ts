import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { iso, rows } from '../../db/sql.js';
import { auditEntry } from './audit-trail.js';
import { queueVisible } from '../../auth/visibility.js';
import { defineHandlers } from '../types.js';

type S = components['schemas'];

interface LogRow {
  id: number;
  action: string;
  agent_id: number | null;
  full_name: string | null;
  actor_id: number | null;
  actor_name: string | null;
  object_type: string | null;
  object_id: string | null;
  created_at: Date | string;
  details: Record<string, unknown> | null;
}

const numericId = (col: SQL) => sql`(case when ${col} ~ '^[0-9]{1,9}$' then ${col}::int end)`;

/**
 * Entries about an alert or case show only to agents who may open that object: the read
 * permission, and membership of a restricted queue (as the object itself answers 404 otherwise).
 */
function visibleTo(p: Principal): SQL {
  const alerts = hasPermission(p, 'read_alerts')
    ? sql`exists (select 1 from alerts a where a.org_id = l.org_id and a.id = ${numericId(sql`l.object_id`)} and ${queueVisible(p, sql`a.queue_id`)})`
    : sql`false`;
  const cases = hasPermission(p, 'read_cases')
    ? sql`exists (select 1 from cases c where c.org_id = l.org_id and c.id = ${numericId(sql`l.object_id`)} and ${queueVisible(p, sql`c.queue_id`)})`
    : sql`false`;
  return sql`(l.object_type is null or l.object_type not in ('ALERT', 'CASE')
    or (l.object_type = 'ALERT' and ${alerts}) or (l.object_type = 'CASE' and ${cases}))`;
}

interface Filters {
  agent_id?: number;
  object_type?: string;
  object_id?: string;
  action?: string;
}

function filtersSql(p: Principal, q: Filters): SQL {
  const parts: SQL[] = [sql`l.org_id = ${p.orgId}`, visibleTo(p)];
  // the agent who acted, or the internal agent behind an impersonation
  if (q.agent_id !== undefined) parts.push(sql`(l.agent_id = ${q.agent_id} or l.details->>'impersonated_by' = ${String(q.agent_id)})`);
  if (q.object_type) parts.push(sql`l.object_type = ${q.object_type}`);
  if (q.object_id) parts.push(sql`l.object_id = ${q.object_id}`);
  if (q.action) {
    // "impersonation." matches every impersonation action; LIKE's own wildcards are escaped
    parts.push(q.action.endsWith('.') ? sql`l.action like ${`${q.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`l.action = ${q.action}`);
  }
  return sql.join(parts, sql` and `);
}

const DETAIL_META = new Set(['before', 'after', 'impersonated_by']);

function toEntry(r: LogRow): S['AuditLogEntry'] {
  const base = auditEntry(r);
  const details = Object.fromEntries(Object.entries(r.details ?? {}).filter(([k]) => !DETAIL_META.has(k)));
  // Unlike an object's activity tab, the log keeps before and after for entries that recorded
  // them; everything else an entry holds is its details.
  const recorded = r.details !== null && ('before' in r.details || 'after' in r.details);
  return {
    ...base,
    after: recorded ? base.after : null,
    impersonated_by: r.actor_id === null ? null : { id: r.actor_id, full_name: r.actor_name ?? 'Unknown agent' },
    object_type: r.object_type,
    object_id: r.object_id,
    created_at: iso(r.created_at),
    details,
  };
}

/**
 * The distinct non-null values of one column of the organisation's log, in order: a recursive
 * query that takes the smallest value, then the smallest above it, each one descent of the
 * (org_id, column) index (audit_log_org_action_idx, _agent_idx, _object_idx), so the cost follows
 * the number of values, not the size of the log. Answers rows of `value`.
 */
export function distinctValues(orgId: number, column: 'action' | 'object_type' | 'agent_id'): SQL {
  const c = sql.raw(column);
  return sql`with recursive v(value) as (
      (select l.${c} from audit_log l where l.org_id = ${orgId} and l.${c} is not null order by l.${c} limit 1)
      union all
      select (select l.${c} from audit_log l where l.org_id = ${orgId} and l.${c} > v.value order by l.${c} limit 1) from v where v.value is not null
    ) select value from v where value is not null`;
}

export const auditLogHandlers = defineHandlers({
  async searchAuditLog({ db, principal, query }) {
    const where = filtersSql(principal, query);
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const [found, counted, agents, kinds] = await Promise.all([
      rows<LogRow>(
        db,
        sql`select l.id, l.action, l.agent_id, g.full_name, l.object_type, l.object_id, l.created_at, l.details,
            act.id as actor_id, act.full_name as actor_name
          from audit_log l
          left join agents g on g.id = l.agent_id
          left join agents act on act.id = ${numericId(sql`(l.details->>'impersonated_by')`)}
          where ${where}
          order by l.created_at desc, l.id desc limit ${limit} offset ${offset}`,
      ),
      rows<{ total: number }>(db, sql`select count(*)::int as total from audit_log l where ${where}`),
      // the filters offer what the organisation's log holds (every entry, whatever the filters),
      // each list read by skipping along an index, one step per distinct value (distinctValues)
      rows<{ id: number; full_name: string }>(
        db,
        sql`with ids as (
            ${distinctValues(principal.orgId, 'agent_id')}
            union select distinct ${numericId(sql`(l.details->>'impersonated_by')`)} from audit_log l
              where l.org_id = ${principal.orgId} and l.details ? 'impersonated_by')
          select g.id, g.full_name from agents g join ids on ids.value = g.id order by g.full_name, g.id`,
      ),
      rows<{ kind: 'object_type' | 'action'; value: string }>(
        db,
        sql`select 'object_type' as kind, value from (${distinctValues(principal.orgId, 'object_type')}) o
          union all select 'action', value from (${distinctValues(principal.orgId, 'action')}) a
          order by 1, 2`,
      ),
    ]);
    return {
      entries: found.map(toEntry),
      total: counted[0]?.total ?? 0,
      facets: {
        agents,
        object_types: kinds.filter((k) => k.kind === 'object_type').map((k) => k.value),
        actions: kinds.filter((k) => k.kind === 'action').map((k) => k.value),
      },
    };
  },
});
