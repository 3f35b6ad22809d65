import { sql, type SQL } from 'drizzle-orm';
import { iso } from '../../db/sql.js';
import type { components } from '../../../openapi/schema.js';
import { badRequest } from '../../lib/errors.js';

type Field = components['schemas']['AiTrackingField'];
type Filter = components['schemas']['AiTrackingFilter'];
type Kind = 'number' | 'text' | 'time';

/** Every sortable and filterable tracking field and how its values compare. */
export const TRACKING_FIELDS: Record<Field, Kind> = {
  id: 'number',
  org_id: 'number',
  ai_investigations_result_id: 'number',
  created_at: 'time',
  updated_at: 'time',
  group_id: 'text',
  framework: 'text',
  model_name: 'text',
  query_type: 'text',
  tool_name: 'text',
  prompt_version: 'text',
  prompt_name: 'text',
  tokens_used: 'number',
  input_tokens: 'number',
  output_tokens: 'number',
  cost: 'number',
  latency_ms: 'number',
  status: 'text',
  error_message: 'text',
  quality_score: 'number',
};

const COMPARE: Record<'gt' | 'gte' | 'lt' | 'lte', SQL> = { gt: sql`>`, gte: sql`>=`, lt: sql`<`, lte: sql`<=` };

/** The column, from the whitelist above (never the caller's string). */
export function column(field: Field): SQL {
  if (!(field in TRACKING_FIELDS)) throw badRequest(`Unknown field ${field}`);
  return sql`t.${sql.identifier(field)}`;
}

function typedValue(filter: Filter, index: number, kind: Kind): SQL {
  const path = `body/filters/${index}/value`;
  if (kind === 'number') {
    const n = typeof filter.value === 'number' ? filter.value : filter.value.trim() === '' ? NaN : Number(filter.value);
    if (!Number.isFinite(n)) throw badRequest(`The value of the ${filter.key} filter must be a number.`, [{ path, message: 'must be a number' }]);
    return sql`${n}::float8`;
  }
  if (kind === 'time') {
    const when = typeof filter.value === 'string' ? new Date(filter.value) : new Date(NaN);
    if (Number.isNaN(when.getTime()))
      throw badRequest(`The value of the ${filter.key} filter must be a date-time.`, [{ path, message: 'must be a date-time' }]);
    return sql`${when.toISOString()}::timestamptz`;
  }
  return sql`${String(filter.value)}::text`;
}

/** One filter as a SQL condition; a numeric operator on text or contains on a number/time answers 400. */
export function filterCondition(filter: Filter, index: number): SQL {
  const kind = TRACKING_FIELDS[filter.key];
  const col = column(filter.key);
  const path = `body/filters/${index}/operator`;
  switch (filter.operator) {
    case 'eq':
      return sql`${col} = ${typedValue(filter, index, kind)}`;
    case 'neq':
      return sql`${col} is distinct from ${typedValue(filter, index, kind)}`;
    case 'contains':
      if (kind !== 'text')
        throw badRequest(`contains cannot be used on the numeric field ${filter.key}.`, [{ path, message: 'is not allowed for this field' }]);
      return sql`strpos(lower(${col}), lower(${typedValue(filter, index, kind)})) > 0`;
    default:
      if (kind === 'text')
        throw badRequest(`${filter.operator} cannot be used on the text field ${filter.key}.`, [{ path, message: 'is not allowed for this field' }]);
      return sql`${col} ${COMPARE[filter.operator]} ${typedValue(filter, index, kind)}`;
  }
}

export function whereClause(filters: Filter[] | undefined): SQL {
  const conditions = (filters ?? []).map(filterCondition);
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

export const TRACKING_COLUMNS = sql`t.id, t.org_id, t.ai_investigations_result_id, t.created_at, t.updated_at, t.group_id, t.framework,
  t.model_name, t.query_type, t.tool_name, t.prompt_version, t.prompt_name, t.prompt_template, t.raw_prompt, t.raw_response,
  t.processed_response, t.tokens_used, t.input_tokens, t.output_tokens, t.cost::float8 as cost, t.latency_ms, t.status,
  t.error_message, t.quality_score::float8 as quality_score, t.feedback, t.meta, t.tags`;

export interface TrackingRow {
  id: number;
  org_id: number;
  ai_investigations_result_id: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  group_id: string | null;
  framework: string;
  model_name: string;
  query_type: string;
  tool_name: string | null;
  prompt_version: string | null;
  prompt_name: string | null;
  prompt_template: string | null;
  raw_prompt: string | null;
  raw_response: string | null;
  processed_response: Record<string, unknown> | null;
  tokens_used: number;
  input_tokens: number;
  output_tokens: number;
  cost: number;
  latency_ms: number;
  status: 'pending' | 'success' | 'error';
  error_message: string | null;
  quality_score: number | null;
  feedback: string | null;
  meta: Record<string, unknown>;
  tags: string[];
}

export function toTrackingRecord(row: TrackingRow) {
  const processed = row.processed_response;
  return {
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    // processed_response is an object or null in the contract; other JSON values are wrapped
    processed_response: processed === null || (typeof processed === 'object' && !Array.isArray(processed)) ? processed : { value: processed },
    meta: row.meta ?? {},
    tags: row.tags ?? [],
  };
}
