import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { actionEventExport } from './action-events.js';
import { alertExport } from './alerts.js';
import { caseExport } from './cases.js';
import { entityExport } from './entities.js';
import { instrumentExport } from './instruments.js';
import { riskRatingExport } from './risk-ratings.js';
import { ruleExport } from './rules.js';
import { ruleValidationExport } from './rule-validations.js';
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
  ENTITIES: entityExport,
  INSTRUMENTS: instrumentExport,
  RULE_VALIDATIONS: ruleValidationExport,
  RISK_RATINGS: riskRatingExport,
};

export function rowSource(db: Db, p: Principal, kind: ExportKind, params: ExportParameters, pageRows = Infinity): Promise<RowSource> {
  return Promise.resolve(SOURCES[kind].source(db, p, params, pageRows));
}

/** The read permission of each kind's list. */
export const READ_PERMISSION = Object.fromEntries(Object.entries(SOURCES).map(([k, s]) => [k, s.permission])) as Record<ExportKind, string>;

const KINDS = Object.keys(SOURCES) as ExportKind[];

/** Stored names that differ from the contract's (seeded risk rating exports are RISK_RATING_CSV). */
const LEGACY_TYPES: Record<string, string> = { RISK_RATING_CSV: 'RISK_RATINGS_CSV' };

/** ALERTS_CSV -> ALERTS; ALERTS -> ALERTS; EVENTS (the action event list) likewise. Null for the kinds Vigil does not write yet. */
export function kindOf(exportType: string): ExportKind | null {
  const base = (LEGACY_TYPES[exportType] ?? exportType).replace(/_CSV$/, '');
  return KINDS.find((k) => k === base) ?? null;
}
