import type { components } from '../../../openapi/schema.js';
import { iso } from '../../db/sql.js';

/** Detection models (rules) and their validation runs in the contract's shapes. */

type S = components['schemas'];

export interface RuleRow {
  id: number;
  title: string;
  description: string | null;
  status: S['RuleStatus'];
  spec: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

export const detectionModel = (r: RuleRow): S['DetectionModel'] => ({
  id: r.id,
  title: r.title,
  description: r.description,
  status: r.status,
  spec: r.spec && typeof r.spec === 'object' ? (r.spec as Record<string, unknown>) : {},
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

export interface ValidationRow {
  id: number;
  rule_id: number;
  status: string;
  spec: unknown;
  created_at: Date | string;
  finished_at: Date | string | null;
  result: unknown;
  alerts: number;
}

const VALIDATION_STATUSES = ['in_progress', 'queued', 'success', 'failed'] as const;

export function ruleValidation(v: ValidationRow): S['RuleValidation'] {
  const status = VALIDATION_STATUSES.find((s) => s === v.status.toLowerCase()) ?? 'queued';
  const counted = (v.result as { alerts?: unknown } | null)?.alerts;
  return {
    id: v.id,
    rule_id: v.rule_id,
    status,
    spec: v.spec && typeof v.spec === 'object' ? (v.spec as Record<string, unknown>) : {},
    started_at: iso(v.created_at),
    finished_at: iso(v.finished_at),
    // the count is known once the run has finished successfully
    alerts_count: status === 'success' ? (typeof counted === 'number' ? counted : v.alerts) : null,
  };
}
