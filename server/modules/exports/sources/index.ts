import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { actionEventExport } from './action-events.js';
import { alertExport } from './alerts.js';
import { caseExport } from './cases.js';
import { ruleExport } from './rules.js';
import { sarFilingExport } from './sar-filings.js';
import { transactionExport } from './transactions.js';
import type { ExportKind, ExportParameters, ExportSource, RowSource } from './types.js';

/**
 * What an export holds: the rows its list answers the requester for the export's filters, in the
 * list's order, with its filters, its visibility of restricted queues and its censorship, mapped
 * to the chosen columns. Each list's source is in its own file.
 */

export type { ExportKind, ExportParameters, RowSource } from './types.js';

const SOURCES: Record<ExportKind, ExportSource> = {
  ALERTS: alertExport,
  CASES: caseExport,
  TRANSACTIONS: transactionExport,
  EVENTS: actionEventExport,
  RULES: ruleExport,
  SAR_FILINGS: sarFilingExport,
};

export function rowSource(db: Db, p: Principal, kind: ExportKind, params: ExportParameters, pageRows = 200): Promise<RowSource> {
  return Promise.resolve(SOURCES[kind].source(db, p, params, pageRows));
}

/** The read permission of each kind's list. */
export const READ_PERMISSION = Object.fromEntries(Object.entries(SOURCES).map(([k, s]) => [k, s.permission])) as Record<ExportKind, string>;

const KINDS = Object.keys(SOURCES) as ExportKind[];

/** ALERTS_CSV -> ALERTS; ALERTS -> ALERTS; EVENTS (the action event list) likewise. Null for the kinds Vigil does not write yet. */
export function kindOf(exportType: string): ExportKind | null {
  const base = exportType.replace(/_CSV$/, '');
  return KINDS.find((k) => k === base) ?? null;
}
