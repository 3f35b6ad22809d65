import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { listRuleValidations } from '../../rules/index.js';

type S = components['schemas'];
type Run = S['RuleValidationSummary'];

const RULE_VALIDATION_COLUMNS: Record<S['RuleValidationExportColumn'], (r: Run) => Cell> = {
  id: (r) => r.id,
  status: (r) => r.status,
  window_start: (r) => r.window_start,
  window_end: (r) => r.window_end,
  evaluated_events: (r) => r.evaluated_events,
  hits: (r) => r.hits,
  alerts: (r) => r.alerts,
  entities: (r) => r.entities,
  errors: (r) => r.errors,
  created_by: (r) => r.created_by?.full_name ?? null,
  created_at: (r) => r.created_at,
  finished_at: (r) => r.finished_at,
  error: (r) => r.error,
};

/**
 * A rule's validation runs, newest first, as its Validation runs table lists them. The table is
 * not paged (a rule has a run per validation asked for), so the runs are read once and written
 * page by page.
 */
function ruleValidationSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(RULE_VALIDATION_COLUMNS)) as S['RuleValidationExportColumn'][];
  const { rule_id } = params.filters as S['RuleValidationExportRequest']['filters'];
  let runs: Promise<Run[]> | null = null;
  return {
    header: columns,
    async page(offset) {
      runs ??= listRuleValidations(db, p, rule_id);
      const all = await runs;
      return { count: all.length, rows: all.slice(offset, offset + pageRows).map((r) => columns.map((c) => RULE_VALIDATION_COLUMNS[c](r))) };
    },
  };
}

export const ruleValidationExport: ExportSource = { permission: 'read_rules', source: ruleValidationSource };
