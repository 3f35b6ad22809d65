import { sql } from 'drizzle-orm';
import { iso, rows } from '../../db/sql.js';
import { defineHandlers } from '../types.js';

/**
 * The rules admin dashboard (internal staff): every organisation's rules with their health over the
 * last 7 days, read from the engine's daily counters (rule_stats) and its alerts.
 */
export const rulesAdminHandlers = defineHandlers({
  async listRulesAdmin({ db }) {
    const found = await rows<{
      org_id: number;
      org_name: string;
      rule_id: number;
      title: string;
      status: 'DRAFT' | 'ACTIVE' | 'ACTIVE_SHADOW' | 'ARCHIVED';
      version: number;
      evaluations: number;
      errors: number;
      failures: number;
      alerts: number;
      last_evaluated_at: Date | string | null;
      spec: Record<string, unknown>;
    }>(
      db,
      sql`select r.org_id, o.display_name as org_name, r.id as rule_id, r.title, r.status, r.version, v.spec,
          coalesce(s.evaluations, 0)::int as evaluations, coalesce(s.errors, 0)::int as errors, coalesce(s.failures, 0)::int as failures,
          coalesce(s.alerts, 0)::int as alerts, s.last_evaluated_at
        from rules r join organisations o on o.id = r.org_id
        join rule_versions v on v.org_id = r.org_id and v.rule_id = r.id and v.version = r.version
        left join lateral (select sum(x.evaluations) as evaluations, sum(x.errors) as errors, sum(x.failures) as failures, sum(x.alerts) as alerts,
            max(x.last_evaluated_at) as last_evaluated_at
          from rule_stats x where x.org_id = r.org_id and x.rule_id = r.id and x.day > current_date - 7) s on true
        order by o.display_name, r.status, r.title, r.id`,
    );
    return {
      rules: found.map((r) => ({
        org_id: r.org_id,
        org_name: r.org_name,
        rule_id: r.rule_id,
        title: r.title,
        status: r.status,
        version: r.version,
        evaluations_7d: r.evaluations,
        errors_7d: r.errors,
        failures_7d: r.failures,
        alerts_per_day_7d: Math.round((r.alerts / 7) * 100) / 100,
        last_evaluated_at: iso(r.last_evaluated_at),
        spec: r.spec,
      })),
    };
  },
});
