import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner, iso, idList, anyOf, assigneeFilter, createdFilter, orderBy, validIds, where } from '../../db/sql.js';
import { alertScore, disposition } from './alerts.mappers.js';
import { alertCountKey, cachedAlertCount, rememberAlertCount } from './count-cache.js';
import { tags, tagFilter } from '../tags/index.js';
import { hiddenQueueIds, queueNotIn } from '../../auth/visibility.js';

/**
 * The alert list (POST /alerts/list) and the pieces the case list shares: filters, sorting, paging.
 * Written for 100,000 alerts: filters are plain predicates or hashed semi-joins on the alert row,
 * the count is one pass, and rules, tags, names and titles are gathered for the page's rows only.
 */

type S = components['schemas'];

/** The number a stored alert score sorts by: `score`, else a numeric `risk` (see alertScore). */
const SCORE = sql`case when jsonb_typeof(a.alert_score->'score') = 'number' then (a.alert_score->>'score')::float8
  when jsonb_typeof(a.alert_score->'risk') = 'number' then (a.alert_score->>'risk')::float8 end`;

const ALERT_SORT: Record<S['AlertSortColumn'], SQL> = {
  created_at: sql`a.created_at`,
  deadline: sql`a.deadline`,
  amount_volume: sql`a.amount_volume`,
  alert_score: SCORE,
  title: sql`a.title`,
  status: sql`a.status`,
  id: sql`a.id`,
};

/** Sort keys that are never empty (NOT NULL columns). */
const ALERT_SORT_NOT_NULL = new Set<S['AlertSortColumn']>(['created_at', 'title', 'status', 'id']);

type ListRequest = S['AlertListRequest'];

/** Every condition of the request on alerts alias `a`; `hidden` from hiddenQueueIds. */
export function alertConditions(p: Principal, body: ListRequest, hidden: readonly number[]): SQL {
  const a = (col: string) => sql.raw(`a.${col}`);
  return where([
    sql`a.org_id = ${p.orgId}`,
    body.statuses?.length ? sql`a.status in ${idList(body.statuses)}` : null,
    // Validation runs' alerts are not work: listed only when asked for by status. Written as a
    // literal, so the planner may use the list's partial indexes whatever the statuses' values.
    body.statuses?.includes('RULE_VALIDATION') ? null : sql`a.status <> 'RULE_VALIDATION'`,
    queueNotIn(a('queue_id'), hidden),
    anyOf(a('queue_id'), body.queue_ids),
    assigneeFilter(a('assigned_to_id'), body.assignee_ids),
    body.rule_ids?.length
      ? validIds(body.rule_ids).length
        ? sql`a.id in (select fr.alert_id from alert_rules fr where fr.org_id = ${p.orgId} and fr.rule_id in ${idList(validIds(body.rule_ids))})`
        : sql`false`
      : null,
    tagFilter(p.orgId, 'ALERT', a('id'), body.tag_ids),
    ...createdFilter(a('created_at'), body.created_from, body.created_to),
    // the spec: amount filters apply only for values greater than 0
    body.minimum_amount ? sql`a.amount_volume >= ${body.minimum_amount}` : null,
    body.maximum_amount ? sql`a.amount_volume <= ${body.maximum_amount}` : null,
  ]);
}

interface AlertListRow {
  id: number;
  title: string;
  status: S['AlertStatus'];
  alert_type: S['AlertType'];
  created_at: Date | string;
  deadline: Date | string | null;
  disposition: string | null;
  amount_volume: number | null;
  currency: string | null;
  alert_score: unknown;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue_title: string | null;
  case_id: number | null;
  rules: S['RuleSummary'][];
  tags: unknown;
}

const alertListItem = (r: AlertListRow): S['AlertListItem'] => ({
  id: r.id,
  title: r.title,
  status: r.status,
  alert_type: r.alert_type,
  created_at: iso(r.created_at),
  deadline: iso(r.deadline),
  disposition: disposition(r.disposition),
  amount_volume: r.amount_volume,
  currency: r.currency && /^[A-Z]{3}$/.test(r.currency) ? r.currency : null,
  alert_score: alertScore(r.alert_score),
  assigned_to_id: r.assigned_to_id,
  assigned_to_name: r.assigned_to_name,
  queue_id: r.queue_id,
  queue_title: r.queue_title,
  rules: r.rules,
  tags: tags(r.tags),
  case_id: r.case_id,
});

export async function listAlerts(db: SqlRunner, p: Principal, body: ListRequest) {
  const hidden = await hiddenQueueIds(db, p);
  const conditions = alertConditions(p, body, hidden);
  const column = body.sort_column ?? 'created_at';
  const nullable = !ALERT_SORT_NOT_NULL.has(column);
  const order = orderBy(ALERT_SORT[column], sql`a.id`, body.sort_direction, nullable);
  const outerOrder = orderBy(sql`ids.sort_key`, sql`ids.id`, body.sort_direction, nullable);
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  const countQuery = sql`select count(*)::int as count from alerts a where ${conditions}`;
  // The page's ids first, then their rows: with the list indexes the ids (and a deep offset's
  // skipped entries) come from the index alone, and only the page's rows are read from the table.
  // Rules and tags are looked up per page row by index, so the plan stays the same whatever the
  // planner guesses of the page's size (a guess of one row once turned the joins into re-scans).
  const pageQuery = sql`with ids as materialized (
      select a.id, ${ALERT_SORT[column]} as sort_key from alerts a where ${conditions} order by ${order} limit ${limit} offset ${offset}
    )
    select a.id, a.title, a.status, a.alert_type, a.created_at, a.deadline, a.disposition, a.amount_volume::float8 as amount_volume,
      a.currency, a.alert_score, a.assigned_to_id, ag.full_name as assigned_to_name, a.queue_id, q.title as queue_title, a.case_id,
      coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title, 'status', r.status) order by r.id)
        from alert_rules ar join rules r on r.id = ar.rule_id and r.org_id = ar.org_id
        where ar.alert_id = a.id and ar.org_id = ${p.orgId}), '[]'::json) as rules,
      coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title, 'color', t.color) order by t.title)
        from object_tags ot join tags t on t.id = ot.tag_id and t.org_id = ot.org_id
        where ot.org_id = ${p.orgId} and ot.object_type = 'ALERT' and ot.object_id = a.id), '[]'::json) as tags
    from ids
    join alerts a on a.id = ids.id and a.org_id = ${p.orgId}
    left join agents ag on ag.id = a.assigned_to_id
    left join queues q on q.id = a.queue_id and q.org_id = ${p.orgId}
    order by ${outerOrder}`;
  // a large count is kept for a few seconds (count-cache.ts)
  const countKey = alertCountKey(p.orgId, hidden, body);
  const cached = cachedAlertCount(countKey);
  const counted = async () => {
    if (cached !== null) return cached;
    const count = (await firstRow<{ count: number }>(db, countQuery))?.count ?? 0;
    rememberAlertCount(countKey, count);
    return count;
  };
  let count: number;
  let found: AlertListRow[];
  if (isEmbedded(db as Db)) {
    // one connection: the page is not asked for when the offset is past the end
    count = await counted();
    found = offset >= count ? [] : await rows<AlertListRow>(db, pageQuery);
  } else {
    // PostgreSQL: the count and the page on two connections at once
    [count, found] = await Promise.all([counted(), rows<AlertListRow>(db, pageQuery)]);
  }
  return { count, alerts: found.map(alertListItem) };
}

/** The organisation's rules that are not drafts, by title: the options of the list's rule filter. */
export async function listAlertRules(db: SqlRunner, p: Principal): Promise<S['RuleSummary'][]> {
  return rows<S['RuleSummary']>(db, sql`select id, title, status from rules where org_id = ${p.orgId} and status <> 'DRAFT' order by lower(title), id`);
}
