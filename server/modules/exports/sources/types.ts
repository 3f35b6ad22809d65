import type { SQL } from 'drizzle-orm';
import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { CellKind } from '../csv-cells.js';
import type { Cell } from '../writer.js';

type S = components['schemas'];

export type ExportKind =
  'ALERTS' | 'CASES' | 'TRANSACTIONS' | 'EVENTS' | 'RULES' | 'SAR_FILINGS' | 'ENTITIES' | 'INSTRUMENTS' | 'RULE_VALIDATIONS' | 'RISK_RATINGS';

export interface ExportParameters {
  format: S['FileExportFormat'];
  columns?: string[];
  filters?: Record<string, unknown>;
}

export interface RowSource {
  header: string[];
  /**
   * One page of rows from `offset` (a streaming source reads on from where it stopped), and the
   * list's count; `done` when no rows follow (otherwise a short or empty page, or the count reached).
   */
  page: (offset: number) => Promise<{ count: number; rows: Cell[][]; done?: boolean }>;
  /**
   * When set, the export's rows are written out by PostgreSQL itself as CSV (server/db/copy.ts):
   * the query, whose select items c0, c1, ... are the header's columns in order, the list's count,
   * and each column's kind, which an XLSX reads its cells back by (csv-cells.ts).
   */
  copy?: { query: SQL; columns: number; count: number; kinds: CellKind[] };
  /** releases what the source holds open (a cursor's transaction); called once, whatever the outcome */
  close?: () => Promise<void>;
}

/** One list that can be exported: the permission its list needs, and its rows. */
export interface ExportSource {
  permission: string;
  /** `pageRows` narrows the list's largest page (tests use small pages); Infinity leaves it */
  source: (db: Db, p: Principal, params: ExportParameters, pageRows: number) => RowSource | Promise<RowSource>;
}

/** A list of titles (rules, tags) as one cell. */
export const names = (items: ReadonlyArray<{ title: string }>) => items.map((i) => i.title).join('; ');
