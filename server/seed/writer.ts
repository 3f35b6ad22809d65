import type { SqlExecutor } from '../db/client.js';

export type Row = Record<string, unknown>;

/** Statement size at which a chunk is sent; PGlite and PostgreSQL both take this comfortably. */
const CHUNK_CHARS = 8_000_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Bulk inserts for the seed. Each chunk is one statement,
 * `INSERT ... SELECT ... FROM json_to_recordset($1)`, with the column types read from the catalogue:
 * one round trip per few megabytes, the same SQL on PGlite and PostgreSQL, and no per-row parameters.
 * Rows carry explicit ids (OVERRIDING SYSTEM VALUE) so that references can be built in memory;
 * resetSequences() moves the identity sequences past them afterwards.
 *
 * Every row of one insert must have the same keys as the first (a missing key would insert NULL
 * rather than the column default).
 */
export class BulkWriter {
  readonly counts: Record<string, number> = {};
  private readonly columnTypes = new Map<string, Map<string, string>>();

  /** milliseconds spent writing each table */
  readonly timings: Record<string, number> = {};

  constructor(private readonly sql: SqlExecutor) {}

  private async typesOf(table: string): Promise<Map<string, string>> {
    let types = this.columnTypes.get(table);
    if (!types) {
      const rows = await this.sql.query<{ name: string; type: string }>(
        `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped`,
        [table],
      );
      types = new Map(rows.map((r) => [r.name, r.type]));
      this.columnTypes.set(table, types);
    }
    return types;
  }

  /** Reads rows already written in this seed (the documents pick their check deposits this way). */
  query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.sql.query<T>(text, params);
  }

  async insert(table: string, rows: Iterable<object>): Promise<number> {
    const started = performance.now();
    let columns: string[] | null = null;
    let statement = '';
    let parts: string[] = [];
    let size = 0;
    let total = 0;
    const flush = async () => {
      if (parts.length === 0) return;
      await this.sql.query(statement, ['[' + parts.join(',') + ']']);
      total += parts.length;
      parts = [];
      size = 0;
    };
    for (const row of rows) {
      if (!columns) {
        columns = Object.keys(row);
        const types = await this.typesOf(table);
        const defs = columns.map((c) => {
          const type = types.get(c);
          if (!type) throw new Error(`seed: ${table} has no column ${c}`);
          return `${quote(c)} ${type}`;
        });
        const list = columns.map(quote).join(', ');
        const overriding = columns.includes('id') ? ' overriding system value' : '';
        statement = `insert into ${quote(table)} (${list})${overriding} select ${list} from json_to_recordset($1::text::json) as x(${defs.join(', ')})`;
      }
      const json = JSON.stringify(row);
      parts.push(json);
      size += json.length + 1;
      if (size >= CHUNK_CHARS) await flush();
    }
    await flush();
    this.counts[table] = (this.counts[table] ?? 0) + total;
    this.timings[table] = (this.timings[table] ?? 0) + (performance.now() - started);
    return total;
  }

  /**
   * Runs a bulk load with the tables' secondary indexes and outgoing foreign keys removed, then
   * puts them back. Building an index once and validating a foreign key with one join is much
   * cheaper than maintaining them row by row. Primary and unique keys stay (other tables'
   * foreign keys need them). Inside a transaction, so a failure leaves the schema unchanged.
   */
  async withoutIndexes<T>(tables: string[], load: () => Promise<T>): Promise<T> {
    const foreignKeys = await this.sql.query<{ name: string; table_name: string; def: string }>(
      `select c.conname as name, c.conrelid::regclass::text as table_name, pg_get_constraintdef(c.oid) as def
       from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text = any($1::text[]) order by 1`,
      [tables],
    );
    const indexes = await this.sql.query<{ name: string; def: string }>(
      `select i.indexname as name, i.indexdef as def from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.conrelid = (quote_ident(i.tablename))::regclass)
       order by 1`,
      [tables],
    );
    for (const fk of foreignKeys) await this.sql.exec(`alter table ${quote(fk.table_name)} drop constraint ${quote(fk.name)}`);
    for (const ix of indexes) await this.sql.exec(`drop index ${quote(ix.name)}`);
    const result = await load();
    for (const ix of indexes) await this.sql.exec(ix.def);
    for (const fk of foreignKeys) await this.sql.exec(`alter table ${quote(fk.table_name)} add constraint ${quote(fk.name)} ${fk.def}`);
    return result;
  }

  /** Moves every identity sequence past the largest id, so the server's inserts continue from there. */
  async resetSequences(): Promise<void> {
    const tables = await this.sql.query<{ table_name: string }>(
      `select table_name from information_schema.columns
       where table_schema = 'public' and column_name = 'id' and is_identity = 'YES' order by table_name`,
    );
    for (const { table_name } of tables) {
      await this.sql.query(`select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from ${quote(table_name)}), 0) + 1, false)`, [table_name]);
    }
  }
}

/** Sequential ids per table, assigned in memory before the rows are written. */
export class IdAllocator {
  private readonly next = new Map<string, number>();

  take(table: string): number {
    const id = this.next.get(table) ?? 1;
    this.next.set(table, id + 1);
    return id;
  }
}
