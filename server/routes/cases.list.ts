import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import type { Principal } from '../auth/principal.js';
import { firstRow, rows, type SqlRunner } from '../lib/sql.js';
import { disposition, iso, isoOf, tags } from './alerts.mappers.js';
import { anyOf, assigneeFilter, createdFilter, orderBy, queueNotHidden, tagFilter, where } from './alerts.list.js';
import { idList, sarVisible } from './alerts.queries.js';

/** The case list (POST /cases/list): the alert list's filters and paging over cases. */

type S = components['schemas'];

const CASE_SORT: Record<S['CaseSortColumn'], SQL> = {
  created_at: sql`c.created_at`,
  deadline: sql`c.deadline`,
  title: sql`c.title`,
  status: sql`c.status`,
  id: sql`c.id`,
};

export function caseConditions(p: Principal, body: S['CaseListRequest']): SQL {
  const c = (col: string) => sql.raw(`c.${col}`);
  return where([
    sql`c.org_id = ${p.orgId}`,
    body.statuses?.length ? sql`c.status in ${idList(body.statuses)}` : null,
    queueNotHidden(p, c('queue_id')),
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
  created_at: isoOf(r.created_at),
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
  const conditions = caseConditions(p, body);
  const key = CASE_SORT[body.sort_column ?? 'created_at'];
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  const total = await firstRow<{ count: number }>(db, sql`select count(*)::int as count from cases c where ${conditions}`);
  const count = total?.count ?? 0;
  if (offset >= count) return { count, cases: [] };
  const found = await rows<CaseListRow>(
    db,
    sql`with pg as (
        select c.id, c.title, c.status, c.created_at, c.deadline, c.disposition, c.assigned_to_id, c.queue_id, ${key} as sort_key
        from cases c where ${conditions} order by ${orderBy(key, sql`c.id`, body.sort_direction)} limit ${limit} offset ${offset}
      ), pa as (
        select ca.case_id, count(*)::int as alert_count from case_alerts ca join alerts a on a.id = ca.alert_id and a.org_id = ca.org_id
        where ca.org_id = ${p.orgId} and ca.case_id in (select id from pg) and ${queueNotHidden(p, sql`a.queue_id`)} group by ca.case_id
      ), ps as (
        select s.case_id, count(*)::int as sar_count from sars s
        where s.org_id = ${p.orgId} and s.case_id in (select id from pg) and ${sarVisible(p, 's')} group by s.case_id
      ), pt as (
        select ot.object_id, json_agg(json_build_object('id', t.id, 'title', t.title, 'color', t.color) order by t.title) as tags
        from object_tags ot join tags t on t.id = ot.tag_id and t.org_id = ot.org_id
        where ot.org_id = ${p.orgId} and ot.object_type = 'CASE' and ot.object_id in (select id from pg) group by ot.object_id
      )
      select pg.id, pg.title, pg.status, pg.created_at, pg.deadline, pg.disposition, pg.assigned_to_id, ag.full_name as assigned_to_name,
        pg.queue_id, q.title as queue_title, q.access_type as queue_access_type,
        coalesce(pa.alert_count, 0) as alert_count, coalesce(ps.sar_count, 0) as sar_count, coalesce(pt.tags, '[]'::json) as tags
      from pg
      left join agents ag on ag.id = pg.assigned_to_id
      left join queues q on q.id = pg.queue_id and q.org_id = ${p.orgId}
      left join pa on pa.case_id = pg.id
      left join ps on ps.case_id = pg.id
      left join pt on pt.object_id = pg.id
      order by ${orderBy(sql`pg.sort_key`, sql`pg.id`, body.sort_direction)}`,
  );
  return { count, cases: found.map(caseListItem) };
}
