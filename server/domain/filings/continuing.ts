import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import type { PeriodicTask } from '../../jobs/worker.js';

/**
 * Continuing activity: a filed SAR's review falls due `continuing_activity_days` after filing
 * (`car_alert_scheduled_at`, set when FinCEN acknowledges it; 90 days unless the organisation's
 * filing settings say otherwise). When it is due, an alert is raised in the SAR's queue for its
 * subjects who are customers, asking whether the activity goes on (and a continuing activity
 * report is due). Each SAR's review is raised once (`car_alert_id`), however often the task runs.
 */

export const CAR_ALERTS_PER_RUN = 500;
/** The review's deadline when its queue sets none (as a manual alert's). */
const REVIEW_DEADLINE_SECONDS = 30 * 86_400;

/** Raises the reviews that are due; answers the alerts raised. */
export async function raiseDueReviews(db: Db, now = new Date()): Promise<number[]> {
  return db.transaction(async (tx) => {
    const due = await rows<{ id: number; org_id: number; name: string; queue_id: number | null; filed_at: string; seconds: number | null; subjects: unknown }>(
      tx,
      sql`select s.id, s.org_id, s.name, s.queue_id, to_char(s.filed_at at time zone coalesce(os.timezone, 'America/New_York'), 'YYYY-MM-DD') as filed_at,
          q.deadline_seconds as seconds, s.subjects
        from sars s
        left join queues q on q.org_id = s.org_id and q.id = s.queue_id
        left join organisation_settings os on os.org_id = s.org_id
        where s.car_alert_scheduled_at <= ${now.toISOString()}::timestamptz and s.car_alert_id is null and s.status = 'FILING_SUCCESS'
        order by s.car_alert_scheduled_at, s.id limit ${CAR_ALERTS_PER_RUN} for update of s skip locked`,
    );
    const raised: number[] = [];
    for (const sar of due) {
      const seconds = sar.seconds ?? REVIEW_DEADLINE_SECONDS;
      const [alert] = await rows<{ id: number }>(
        tx,
        sql`insert into alerts (org_id, title, description, status, alert_type, object_source, queue_id, deadline, start_date, deadline_config, detection_key)
          values (${sar.org_id}, ${`Continuing activity review: ${sar.name}`.slice(0, 500)},
            ${`SAR ${sar.id} was filed on ${sar.filed_at}. Review the subjects’ activity since then; if it goes on, file a continuing activity report.`},
            'OPEN', 'MANUAL', 'INTERNAL', ${sar.queue_id}, now() + make_interval(secs => ${seconds}::int), now(),
            ${JSON.stringify({ duration_seconds: seconds })}::jsonb, ${`car:sar:${sar.id}`})
          returning id`,
      );
      const entityIds = (Array.isArray(sar.subjects) ? sar.subjects : [])
        .map((s) => (typeof s === 'object' && s !== null ? (s as { entityId?: unknown }).entityId : null))
        .filter((id): id is number => Number.isInteger(id));
      if (entityIds.length)
        await tx.execute(
          sql`insert into alert_entities (org_id, alert_id, entity_id)
            select ${sar.org_id}::int, ${alert.id}::int, e.id from entities e where e.org_id = ${sar.org_id} and e.id = any(${sql.param(entityIds)}::int[])
            on conflict do nothing`,
        );
      await tx.execute(sql`update sars set car_alert_id = ${alert.id} where org_id = ${sar.org_id} and id = ${sar.id}`);
      raised.push(alert.id);
    }
    return raised;
  });
}

/** Looks for due reviews every `everyMs`. */
export function continuingActivityTask(everyMs: number): PeriodicTask {
  return {
    name: 'continuing-activity-reviews',
    everyMs,
    firstAfterMs: Math.min(everyMs, 15_000),
    run: async ({ db }) => void (await raiseDueReviews(db)),
  };
}
