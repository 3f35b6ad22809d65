import { sql } from 'drizzle-orm';
import { firstRow } from '../../db/sql.js';
import { visibleAlert, visibleCase, visibleSar } from '../../auth/visibility.js';
import { defineHandlers } from '../types.js';
import type { components } from '../../../openapi/schema.js';
import { visibleRule } from '../rules/index.js';
import { scalarText } from '../../../core/scalar-text.js';

/** What the AI agents found about an alert, case, SAR or rule. */

type S = components['schemas'];

const RELATIONS = { ALERT: visibleAlert, CASE: visibleCase, SAR: visibleSar, RULE: visibleRule } as const;

export function aiOutput(row: { is_reviewing: boolean; signals: unknown } | undefined): S['AiAgentOutput'] {
  if (!row) return { is_reviewing: false, signals: [] };
  const signals = Array.isArray(row.signals) ? (row.signals as Array<Record<string, unknown>>) : [];
  return {
    is_reviewing: row.is_reviewing,
    signals: signals.map((s) => ({
      agent_id: typeof s.agent_id === 'number' ? s.agent_id : 0,
      title: scalarText(s.title),
      tasks: (Array.isArray(s.tasks) ? (s.tasks as Array<Record<string, unknown>>) : []).map((t, i) => ({
        id: typeof t.id === 'number' ? t.id : i + 1,
        question: scalarText(t.question),
        answer: typeof t.answer === 'string' ? t.answer : null,
      })),
    })),
  };
}

export const agentOutputsHandlers = defineHandlers({
  async getAiAgentOutputs({ db, principal, body }) {
    await RELATIONS[body.relation_type](db, principal, body.relation_id);
    const row = await firstRow<{ is_reviewing: boolean; signals: unknown }>(
      db,
      sql`select is_reviewing, signals from ai_agent_outputs
        where org_id = ${principal.orgId} and relation_type = ${body.relation_type} and relation_id = ${body.relation_id}
        order by updated_at desc, id desc limit 1`,
    );
    return aiOutput(row);
  },
});
