import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner, iso, idList, anyOf, assigneeFilter, createdFilter, orderBy, where } from '../../db/sql.js';
import { disposition } from '../alerts/index.js';
import { tags, tagFilter } from '../tags/index.js';
import { hiddenQueueIds, queueNotIn, sarVisible } from '../../auth/visibility.js';

/** The case list (POST /cases/list): the alert list's filters and paging over cases. */

type S = components['schemas'];

const CASE_SORT: Record<S['CaseSortColumn'], SQL> = {
  created_at: sql`c.created_at`,
  deadline: sql`c.deadline`,
  title: sql`c.title`,
  status: sql`c.status`,
  id: sql`c.id`,
};

/** Every condition of the request on cases alias `c`; `hidden` from hiddenQueueIds. */
export function caseConditions(p: Principal, body: S['CaseListRequest'], hidden: readonly number[]): SQL {
  const c = (col: string) => sql.raw(`c.${col}`);
  return where([
    sql`c.org_id = ${p.orgId}`,
    body.statuses?.length ? sql`c.status in ${idList(body.statuses)}` : null,
    queueNotIn(c('queue_id'), hidden),
    anyOf(c('queue_id'), body.queue_ids),
    assigneeFilter(c('assigned_to_id'), body.assignee_ids),
    tagFilter(p.orgId, 'CASE', c('id'), body.tag_ids),
    ...createdFilter(c('created_at'), body.created_from, body.created_to),
  ]);
}

interface CaseListRow {
  id: number;
  title: string;
  status: S['CaseStatus'];
  created_at: Date | string;
  deadline: Date | string | null;
  disposition: string | null;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue_title: string | null;
  queue_access_type: string | null;
  alert_count: number;
  sar_count: number;
  tags: unknown;
}

const caseListItem = (r: CaseListRow): S['CaseListItem'] => ({
  id: r.id,
  title: r.title,
  status: r.status,
  created_at: iso(r.created_at),
  deadline: iso(r.deadline),
  disposition: disposition(r.disposition),
  assigned_to_id: r.assigned_to_id,
  assigned_to_name: r.assigned_to_name,
  queue_id: r.queue_id,
  queue_title: r.queue_title,
  queue_access_type: r.queue_access_type === null ? null : r.queue_access_type === 'restricted' ? 'restricted' : 'open',
  alert_count: r.alert_count,
  sar_count: r.sar_count,
  tags: tags(r.tags),
});

/**
 * Alert and SAR counts are of what the caller may see (a case's linked objects come from its
 * visible alerts), gathered for the page's cases only.
 */
export async function listCases(db: SqlRunner, p: Principal, body: S['CaseListRequest']) {
  const hidden = await hiddenQueueIds(db, p);
  const conditions = caseConditions(p, body, hidden);
  const key = CASE_SORT[body.sort_column ?? 'created_at'];
  // only the deadline may be empty (see orderBy)
  const nullable = body.sort_column === 'deadline';
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  const countQuery = sql`select count(*)::int as count from cases c where ${conditions}`;
  // Counts and tags are looked up per page row by index, so the plan stays the same whatever the
  // planner guesses of the page's size (a guess of one row once turned the joins into re-scans).
  const pageQuery = sql`with pg as materialized (
      select c.id, c.title, c.status, c.created_at, c.deadline, c.disposition, c.assigned_to_id, c.queue_id, ${key} as sort_key
      from cases c where ${conditions} order by ${orderBy(key, sql`c.id`, body.sort_direction, nullable)} limit ${limit} offset ${offset}
    )
    select pg.id, pg.title, pg.status, pg.created_at, pg.deadline, pg.disposition, pg.assigned_to_id, ag.full_name as assigned_to_name,
      pg.queue_id, q.title as queue_title, q.access_type as queue_access_type,
      (select count(*)::int from case_alerts ca join alerts a on a.id = ca.alert_id and a.org_id = ca.org_id
        where ca.case_id = pg.id and ca.org_id = ${p.orgId} and ${queueNotIn(sql`a.queue_id`, hidden) ?? sql`true`}) as alert_count,
      (select count(*)::int from sars s where s.org_id = ${p.orgId} and s.case_id = pg.id and ${sarVisible(p, 's')}) as sar_count,
      coalesce((select json_agg(json_build_object('id', t.id, 'title', t.title, 'color', t.color) order by t.title)
        from object_tags ot join tags t on t.id = ot.tag_id and t.org_id = ot.org_id
        where ot.org_id = ${p.orgId} and ot.object_type = 'CASE' and ot.object_id = pg.id), '[]'::json) as tags
    from pg
    left join agents ag on ag.id = pg.assigned_to_id
    left join queues q on q.id = pg.queue_id and q.org_id = ${p.orgId}
    order by ${orderBy(sql`pg.sort_key`, sql`pg.id`, body.sort_direction, nullable)}`;
  let count: number;
  let found: CaseListRow[];
  if (isEmbedded(db as Db)) {
    // one connection: the page is not asked for when the offset is past the end
    count = (await firstRow<{ count: number }>(db, countQuery))?.count ?? 0;
    found = offset >= count ? [] : await rows<CaseListRow>(db, pageQuery);
  } else {
    // PostgreSQL: the count and the page on two connections at once
    const [total, page] = await Promise.all([firstRow<{ count: number }>(db, countQuery), rows<CaseListRow>(db, pageQuery)]);
    count = total?.count ?? 0;
    found = page;
  }
  return { count, cases: found.map(caseListItem) };
}
