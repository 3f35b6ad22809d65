import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { listRules } from '../../rules/index.js';

type S = components['schemas'];

const RULE_COLUMNS: Record<S['RuleExportColumn'], (r: S['Rule']) => Cell> = {
  id: (r) => r.id,
  title: (r) => r.title,
  status: (r) => r.status,
  version: (r) => r.version,
  queue: (r) => r.queue?.title ?? null,
  last_validation_status: (r) => r.last_validation?.status ?? null,
  last_validation_at: (r) => (r.last_validation ? (r.last_validation.finished_at ?? r.last_validation.created_at) : null),
  last_validation_hits: (r) => r.last_validation?.hits ?? null,
  alerts_30d: (r) => r.alerts_30d,
  owner: (r) => r.owner?.full_name ?? null,
  created_at: (r) => r.created_at,
  updated_at: (r) => r.updated_at,
};

/** The rule list pages at most 500 rows. */
const RULE_PAGE = 500;

function ruleSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): RowSource {
  const columns = (params.columns?.length ? params.columns : Object.keys(RULE_COLUMNS)) as S['RuleExportColumn'][];
  const filters = (params.filters ?? {}) as NonNullable<S['RuleExportRequest']['filters']>;
  return {
    header: columns,
    async page(offset) {
      const found = await listRules(db, p, { ...filters, limit: Math.min(pageRows, RULE_PAGE), offset });
      return { count: found.count, rows: found.rules.map((r) => columns.map((c) => RULE_COLUMNS[c](r))) };
    },
  };
}

export const ruleExport: ExportSource = { permission: 'read_rules', source: ruleSource };
