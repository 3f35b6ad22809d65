import { encryptField } from '../censorship/encryption.js';
import { fieldKeyOrNull } from '../censorship/key.js';
import { sealErrorCells } from '../censorship/sealed-cells.js';
import { UNDECODABLE, printable } from './csv.js';
import type { ObjectType } from './fields.js';
import type { ColumnPlan } from './mapping.js';
import { requiredProblem, transform, type CellProblem } from './transform.js';

/**
 * One CSV record through the plan: either an object ready to upsert, or every problem found in it
 * (a row with any problem is not loaded at all).
 */

export interface RowError extends CellProblem {
  row_number: number | null;
  value: string | null;
  raw_data: Record<string, string> | null;
  columns: string[];
  group: 'annotation_transformation_exceptions' | 'unhandled_exceptions';
}

export interface ParsedRow {
  /** native fields by name (references as external ids) */
  fields: Record<string, string | number | boolean | null>;
  /** formatted_data entries keyed by data setting id */
  data: Record<string, Record<string, unknown>>;
  /** plaintext values per data setting, for recent values (only settings always visible) */
  seen: [settingId: number, value: string][];
}

export interface RowContext {
  type: ObjectType;
  header: readonly string[];
  plan: readonly ColumnPlan[];
  zone: string;
  fieldKey: Buffer | null;
  /** required native fields no column fills (see unmappedRequired) */
  missing: readonly string[];
}

export function rawData(header: readonly string[], cells: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  const n = Math.max(header.length, cells.length);
  for (let i = 0; i < n; i++) raw[header[i] || `column_${i + 1}`] = cells[i] ?? '';
  return raw;
}

export function rowError(
  rowNumber: number | null,
  problem: CellProblem,
  columns: string[],
  value: string | null,
  raw: Record<string, string> | null,
): RowError {
  return {
    ...problem,
    row_number: rowNumber,
    value,
    raw_data: raw,
    columns,
    group: problem.type === 'UNKNOWN_ERROR' ? 'unhandled_exceptions' : 'annotation_transformation_exceptions',
  };
}

const REFERENCE_PAIRS: Partial<Record<ObjectType, string[]>> = {
  transactions: ['sender_entity', 'receiver_entity', 'sender_instrument', 'receiver_instrument'],
};

/**
 * What is wrong with cells PostgreSQL cannot store as they are: a NUL byte, or bytes that are not
 * UTF-8 (csv.ts); `what` names them ("Row 12", "The header row"). Null when nothing is.
 */
export function badBytesProblem(what: string, cells: readonly string[]): string | null {
  const nul = cells.some((c) => c.includes('\0'));
  const undecodable = cells.some((c) => c.includes(UNDECODABLE));
  if (nul && undecodable) return `${what} contains a NUL byte and is not valid UTF-8 text.`;
  if (nul) return `${what} contains a NUL byte.`;
  if (undecodable) return `${what} is not valid UTF-8 text.`;
  return null;
}

/**
 * A row holding a NUL byte or undecodable bytes is that row's one error, naming the columns that
 * hold them; the row's cells are shown with those bytes as U+FFFD (censored columns sealed as usual).
 */
function badBytesError(ctx: RowContext, rowNumber: number, cells: readonly string[]): RowError[] | null {
  const annotation = badBytesProblem(`Row ${rowNumber}`, cells);
  if (!annotation) return null;
  const columns = cells.flatMap((c, i) => (badBytesProblem('', [c]) ? [ctx.header[i] || `column_${i + 1}`] : []));
  const error = rowError(
    rowNumber,
    { type: 'UNKNOWN_ERROR', annotation, annotation_type: null, transformation: null },
    columns,
    null,
    rawData(ctx.header, cells.map(printable)),
  );
  return [sealErrorCells(error, censoredColumns(ctx.plan), ctx.fieldKey ?? fieldKeyOrNull())];
}

export function parseRow(ctx: RowContext, rowNumber: number, cells: readonly string[]): ParsedRow | RowError[] {
  const { header, plan } = ctx;
  const unstorable = badBytesError(ctx, rowNumber, cells);
  if (unstorable) return unstorable;
  const errors: RowError[] = [];
  let raw: Record<string, string> | null = null;
  const rawOf = () => (raw ??= rawData(header, cells));
  if (cells.length > header.length) {
    errors.push(
      rowError(
        rowNumber,
        {
          type: 'EXCESSIVE_OBJECT_ERROR',
          annotation: `The row has ${cells.length} values; the header names ${header.length} columns.`,
          annotation_type: null,
          transformation: null,
        },
        [],
        null,
        rawOf(),
      ),
    );
  } else if (cells.length < header.length) {
    errors.push(
      rowError(
        rowNumber,
        {
          type: 'UNKNOWN_ERROR',
          annotation: `Unexpected end of row: ${header.length} columns expected, ${cells.length} found.`,
          annotation_type: null,
          transformation: null,
        },
        [],
        null,
        rawOf(),
      ),
    );
  }
  const fields: ParsedRow['fields'] = {};
  const data: ParsedRow['data'] = {};
  const seen: ParsedRow['seen'] = [];
  const filled = new Set<string>();
  for (let i = 0; i < plan.length; i++) {
    const p = plan[i];
    if (p.kind === 'ignored') continue;
    const text = cells[i] ?? '';
    if (p.kind === 'native') {
      if (text === '') continue;
      const r = transform(p.field.data_type, text, p.column, ctx.zone, p.field.enum_set);
      if (!r.ok) errors.push(rowError(rowNumber, r.problem, [p.column], text, rawOf()));
      else {
        fields[p.field.field] = r.value;
        filled.add(p.field.field);
        if (p.setting && p.setting.censorship_setting === 'ALWAYS_VISIBLE') seen.push([p.setting.id, String(r.value)]);
      }
      continue;
    }
    if (text === '') continue;
    if (p.kind === 'missing_setting') {
      errors.push(
        rowError(
          rowNumber,
          {
            type: 'MAPPING_ERROR',
            annotation: `Column ${p.column} is mapped to data setting ${p.settingId}, which no longer exists.`,
            annotation_type: 'DATA_SETTING',
            transformation: null,
          },
          [p.column],
          text,
          rawOf(),
        ),
      );
      continue;
    }
    const s = p.setting;
    const isReference = p.type === 'entity_reference' || p.type === 'instrument_reference';
    if (isReference && ctx.type !== 'entities' && ctx.type !== 'instruments' && !s.configured_flow) {
      errors.push(
        rowError(
          rowNumber,
          {
            type: 'DIRECTIONALITY_ERROR',
            annotation: `Data setting ${s.key_path} has no directionality (OUTBOUND, INBOUND or OTHER), so its reference cannot be placed.`,
            annotation_type: 'FLOW',
            transformation: null,
          },
          [p.column],
          text,
          rawOf(),
        ),
      );
      continue;
    }
    const r = transform(p.type, text, p.column, ctx.zone, s.enum_set);
    if (!r.ok) {
      errors.push(rowError(rowNumber, r.problem, [p.column], text, rawOf()));
      continue;
    }
    const plain = String(r.value);
    const stored = s.censorship_setting === 'ENCRYPTED' && ctx.fieldKey ? encryptField(ctx.fieldKey, plain) : r.value;
    const entry: Record<string, unknown> = { formatted_value: stored };
    if (s.configured_flow) entry.flow = s.configured_flow;
    if (isReference) entry.external_id = stored;
    data[String(s.id)] = entry;
    if (s.censorship_setting === 'ALWAYS_VISIBLE') seen.push([s.id, plain]);
  }
  for (let i = 0; i < plan.length; i++) {
    const p = plan[i];
    if (p.kind === 'native' && p.field.required && !filled.has(p.field.field) && (cells[i] ?? '') === '') {
      errors.push(rowError(rowNumber, requiredProblem(p.field.field, p.column), [p.column], null, rawOf()));
    }
  }
  for (const field of ctx.missing) errors.push(rowError(rowNumber, requiredProblem(field, null), [], null, rawOf()));
  const pairs = REFERENCE_PAIRS[ctx.type];
  if (pairs && !errors.length && !pairs.some((f) => filled.has(f))) {
    const columns = plan.filter((p) => p.kind === 'native' && pairs.includes(p.field.field)).map((p) => p.column);
    errors.push(
      rowError(
        rowNumber,
        {
          type: 'DIRECTIONALITY_ERROR',
          annotation: 'The transaction names neither a sender nor a receiver, so its direction cannot be told.',
          annotation_type: 'FLOW',
          transformation: null,
        },
        columns,
        null,
        rawOf(),
      ),
    );
  }
  return errors.length ? errors.map((e) => sealErrorCells(e, censoredColumns(plan), ctx.fieldKey ?? fieldKeyOrNull())) : { fields, data, seen };
}

const censoredByPlan = new WeakMap<readonly ColumnPlan[], Map<string, number>>();

/** Columns mapped to a setting that is not always visible: their cells are sealed in row errors (censorship/sealed-cells.ts). */
function censoredColumns(plan: readonly ColumnPlan[]): Map<string, number> {
  let found = censoredByPlan.get(plan);
  if (!found) {
    found = new Map();
    for (const p of plan) {
      const setting = p.kind === 'setting' || p.kind === 'native' ? p.setting : undefined;
      if (setting && setting.censorship_setting !== 'ALWAYS_VISIBLE') found.set(p.column, setting.id);
    }
    censoredByPlan.set(plan, found);
  }
  return found;
}

/** Required native fields the plan does not map at all: every row fails on them. */
export function unmappedRequired(plan: readonly ColumnPlan[], required: readonly string[]): string[] {
  const mapped = new Set(plan.flatMap((p) => (p.kind === 'native' ? [p.field.field] : [])));
  return required.filter((f) => !mapped.has(f));
}
