import { sql, type SQL } from 'drizzle-orm';

/**
 * What cold storage does to each kind of record. The stub left in the hot table keeps every
 * column that lists filter, sort, count and show, and every column workflows write (status,
 * assignment, queue, deadline, disposition and its notes, scores), so lists and writes behave
 * the same for cold rows. The `cold` columns are the detail-only ones (custom data, long texts,
 * geolocations): they are cleared in the stub and come back from the archive file, which holds
 * the whole row.
 */

export const COLD_OBJECT_TYPES = ['TRANSACTION', 'ACTION_EVENT', 'ENTITY', 'ALERT', 'CASE', 'SAR'] as const;
export type ColdObjectType = (typeof COLD_OBJECT_TYPES)[number];

export interface ColdKind {
  table: string;
  /** column -> the stub's value (SQL) */
  cold: Record<string, string>;
  /** the time a record's age is measured from */
  ageFrom: SQL;
  /** only records in a final state are archived: open work stays hot */
  eligible: SQL;
  /** how the object is named in messages */
  label: string;
}

// SARs leave the work once filed or archived.
const FINAL_SAR = sql.raw(`status in ('ARCHIVED', 'FINCEN_ACCEPTED', 'FILING_SUCCESS', 'FINCEN_REJECTED', 'FILING_MAX_RETRIES_EXCEEDED')`);

export const COLD_KINDS: Record<ColdObjectType, ColdKind> = {
  TRANSACTION: {
    table: 'transactions',
    cold: { formatted_data: `'{}'::jsonb` },
    ageFrom: sql.raw('event_time'),
    eligible: sql.raw('true'),
    label: 'Transaction',
  },
  ACTION_EVENT: {
    table: 'action_events',
    cold: { formatted_data: `'{}'::jsonb` },
    ageFrom: sql.raw('event_time'),
    eligible: sql.raw('true'),
    label: 'Action event',
  },
  ENTITY: {
    table: 'entities',
    cold: { formatted_data: `'{}'::jsonb`, geolocations: `'[]'::jsonb` },
    ageFrom: sql.raw('coalesce(last_seen, created_at)'),
    eligible: sql.raw('true'),
    label: 'Entity',
  },
  ALERT: {
    table: 'alerts',
    cold: { description: 'null', content: 'null', formatted_data: `'{}'::jsonb` },
    ageFrom: sql.raw('coalesce(closed_at, created_at)'),
    eligible: sql.raw(`status = 'CLOSED'`),
    label: 'Alert',
  },
  CASE: {
    table: 'cases',
    cold: { description: 'null' },
    ageFrom: sql.raw('coalesce(closed_at, created_at)'),
    eligible: sql.raw(`status = 'CLOSED'`),
    label: 'Case',
  },
  SAR: {
    table: 'sars',
    cold: { narrative: 'null' },
    ageFrom: sql.raw('coalesce(filed_at, updated_at)'),
    eligible: FINAL_SAR,
    label: 'SAR',
  },
};

export function isColdObjectType(value: string): value is ColdObjectType {
  return (COLD_OBJECT_TYPES as readonly string[]).includes(value);
}
