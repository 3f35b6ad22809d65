import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import { isEmbedded, type Db } from '../../../db/client.js';
import { copyable } from '../../../db/copy.js';
import { openRowCursor, type RowCursor } from '../../../db/cursor.js';
import { firstRow, iso, rows, type Ts } from '../../../db/sql.js';
import { fieldValueReader, fieldValueText, fieldValueTyped, loadViewer, storedFieldValue } from '../../../domain/censorship/viewer.js';
import {
  STORED_TXN_TYPES,
  contractTxnType,
  transactionConditions,
  transactionOrder,
  transactionsAfter,
  transactionSortKey,
  type TransactionListRequest,
  type TransactionSortKey,
} from '../../transactions/index.js';
import type { CellKind } from '../csv-cells.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';

/**
 * The transactions of the data explorer's list for the export's filters, in its order, streamed
 * from a cursor (server/db/cursor.ts): the list's own conditions and order (list.queries.ts), and
 * only the columns chosen, so that a million rows are read at the speed of the database and never
 * held whole. Data fields are shown as the list shows them to the requester (censorship).
 */

type S = components['schemas'];
type TxnColumn = Exclude<S['TransactionExportColumn'], 'data_fields'>;

interface Row extends TransactionSortKey {
  external_id: string;
  event_time: Ts;
  amount: number;
  currency: string;
  status: string;
  internal_txn_type: string;
  risk_score: number | null;
  sender_entity_external_id?: string | null;
  receiver_entity_external_id?: string | null;
  tags?: string | null;
  /** the chosen data fields' stored values, in the order of `dataKeys` */
  data_values?: unknown[] | null;
}

/** What a column reads: the select it needs beyond the transaction's own columns, and its cell. */
interface Column {
  label: string;
  needs?: 'sender' | 'receiver' | 'tags' | 'data';
  value: (t: Row) => Cell;
  /** the same cell as SQL, for PostgreSQL's own CSV (null when only the server can make it) */
  text: SQL | null;
  /** what the text is in a spreadsheet's cell; a `typed` column's SQL for it (csv-cells.ts) */
  kind: CellKind;
  typed?: SQL | null;
}

/** The list's transaction types by stored type, as SQL (contractTxnType). */
const TXN_TYPE_SQL = sql`case t.internal_txn_type ${sql.join(
  Object.entries(STORED_TXN_TYPES).flatMap(([type, stored]) => stored.map((s) => sql`when ${s} then ${type}`)),
  sql` `,
)} else 'INTERNAL_TRANSFER' end`;

const NATIVE: Record<TxnColumn, Omit<Column, 'label'>> = {
  id: { value: (t) => t.id, text: sql`t.id`, kind: 'number' },
  external_id: { value: (t) => t.external_id, text: sql`t.external_id`, kind: 'text' },
  // ISO 8601 in UTC with milliseconds, as the list answers it (iso())
  event_time: { value: (t) => isoTime(t.event_time), text: sql`to_char(t.event_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, kind: 'text' },
  // float8's text is the shortest that reads back the same, as a JavaScript number's
  amount: { value: (t) => t.amount, text: sql`t.amount::float8`, kind: 'number' },
  currency: { value: (t) => t.currency, text: sql`t.currency`, kind: 'text' },
  status: { value: (t) => t.status, text: sql`t.status`, kind: 'text' },
  internal_txn_type: { value: (t) => contractTxnType(t.internal_txn_type), text: TXN_TYPE_SQL, kind: 'text' },
  risk_score: { value: (t) => t.risk_score, text: sql`t.risk_score::float8`, kind: 'number' },
  sender_entity_external_id: { needs: 'sender', value: (t) => t.sender_entity_external_id ?? null, text: sql`se.external_id`, kind: 'text' },
  receiver_entity_external_id: { needs: 'receiver', value: (t) => t.receiver_entity_external_id ?? null, text: sql`re.external_id`, kind: 'text' },
  // tag titles in the order the list shows them (by title), as one cell
  tags: { needs: 'tags', value: (t) => t.tags ?? null, text: sql`tt.tags`, kind: 'text' },
};

/**
 * PostgreSQL's text of a UTC timestamp ("2026-10-31 23:59:59.5+00") as the list's ISO form
 * ("2026-10-31T23:59:59.500Z") without a Date, which a million rows would feel; any other form
 * goes through iso().
 */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
export function isoTime(value: Ts): string {
  const m = typeof value === 'string' ? UTC_TEXT.exec(value) : null;
  if (!m) return iso(value);
  return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** Rows per FETCH (or per keyset query on PGlite). */
export const TRANSACTION_BATCH = 5000;

async function transactionSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const chosen = params.columns?.length ? params.columns : [...Object.keys(NATIVE), 'data_fields'];
  const filters = { ...(params.filters ?? {}) } as TransactionListRequest;
  // the organisation's event fields: data_fields is every exported one, ds:{id} one the list shows
  const settings = await rows<{ id: number; label: string; exported: boolean }>(
    db,
    sql`select id, user_facing_label as label, exported from data_settings where org_id = ${p.orgId} and data_classifier = 'EVENT' order by id`,
  );
  const viewer = await loadViewer(db, p);
  const byId = new Map(settings.map((s) => [`ds:${s.id}`, s]));
  // each data field chosen is selected once (its stored value), whichever columns show it
  const dataKeys: string[] = [];
  const field = (s: { id: number; label: string }): Column => {
    const key = String(s.id);
    const read = fieldValueReader(viewer, key);
    const stored = storedFieldValue(sql`t.formatted_data`, key);
    if (!dataKeys.includes(key)) dataKeys.push(key);
    const at = dataKeys.indexOf(key);
    return {
      label: s.label,
      needs: 'data',
      value: (t) => read(t.data_values?.[at] ?? null),
      text: fieldValueText(viewer, key, stored),
      kind: 'typed',
      typed: fieldValueTyped(viewer, key, stored),
    };
  };
  const columns: Column[] = chosen.flatMap((c): Column[] => {
    if (c === 'data_fields') return settings.filter((s) => s.exported).map(field);
    const setting = byId.get(c);
    if (setting) return [field(setting)];
    const native = NATIVE[c as TxnColumn] as Omit<Column, 'label'> | undefined;
    return native ? [{ label: c, ...native }] : [];
  });
  const needs = new Set(columns.map((c) => c.needs));

  const where = transactionConditions(p, filters);
  const extra: SQL[] = [];
  const joins: SQL[] = [];
  if (needs.has('sender')) {
    extra.push(sql`se.external_id as sender_entity_external_id`);
    joins.push(sql`left join entities se on se.org_id = t.org_id and se.id = t.sender_entity_id`);
  }
  if (needs.has('receiver')) {
    extra.push(sql`re.external_id as receiver_entity_external_id`);
    joins.push(sql`left join entities re on re.org_id = t.org_id and re.id = t.receiver_entity_id`);
  }
  if (needs.has('tags')) {
    const titles = sql`string_agg(tg.title, '; ' order by tg.title, tg.id)`;
    const tagged = sql`object_tags ot join tags tg on tg.org_id = ot.org_id and tg.id = ot.tag_id where ot.org_id = ${p.orgId} and ot.object_type = 'TRANSACTION'`;
    if (isEmbedded(db)) {
      // a batch of rows at a time: each row's tags by the index
      extra.push(sql`(select ${titles} from ${tagged} and ot.object_id = t.id) as tags`);
    } else {
      // one read of the whole list: every tagged transaction's titles once, joined by hash
      extra.push(sql`tt.tags`);
      joins.push(sql`left join (select ot.object_id, ${titles} as tags from ${tagged} group by ot.object_id) tt on tt.object_id = t.id`);
    }
  }
  if (dataKeys.length) {
    extra.push(
      sql`jsonb_build_array(${sql.join(
        dataKeys.map((key) => storedFieldValue(sql`t.formatted_data`, key)),
        sql`, `,
      )}) as data_values`,
    );
  }
  const select = sql.join(
    [
      sql`t.id, t.external_id, t.event_time, t.amount::float8 as amount, t.currency, t.status, t.internal_txn_type, t.risk_score::float8 as risk_score`,
      transactionSortKey(filters),
      ...extra,
    ],
    sql`, `,
  );
  const query = (after: Row | null) =>
    sql`select ${select} from transactions t ${sql.join(joins, sql` `)}
      where ${where}${after ? sql` and ${transactionsAfter(filters, after)}` : sql``} ${transactionOrder(filters)}`;

  const counted = await firstRow<{ count: number }>(db, sql`select count(*)::int as count from transactions t where ${where}`);
  const count = counted?.count ?? 0;
  // PostgreSQL writes the rows out itself when every column can be made in SQL (server/db/copy.ts):
  // a CSV's cells as the list shows them, an XLSX's with their kinds
  const texts = columns.map((c) => (params.format === 'XLSX' && c.kind === 'typed' ? (c.typed ?? null) : c.text));
  const copyQuery =
    texts.every((t): t is SQL => t !== null) && texts.length > 0
      ? sql`select ${sql.join(
          texts.map((t, i) => sql`${t} as ${sql.raw(`c${i}`)}`),
          sql`, `,
        )} from transactions t ${sql.join(joins, sql` `)} where ${where} ${transactionOrder(filters)}`
      : null;
  const copied = copyQuery !== null && copyable(db, copyQuery);
  const batch = Math.min(pageRows, TRANSACTION_BATCH);
  let cursor: RowCursor<Row> | null = null;
  let read = 0;
  return {
    header: columns.map((c) => c.label),
    copy: copied && copyQuery ? { query: copyQuery, columns: texts.length, count, kinds: columns.map((c) => c.kind) } : undefined,
    async page() {
      cursor ??= openRowCursor<Row>(db, { query, batch });
      const found = await cursor.next();
      read += found.length;
      // rows written since the count are counted too, so the total is never below the rows written
      return { count: Math.max(count, read), rows: found.map((t) => columns.map((c) => c.value(t))), done: found.length < batch };
    },
    close: async () => {
      await cursor?.close();
    },
  };
}

export const transactionExport: ExportSource = { permission: 'read_events', source: transactionSource };
