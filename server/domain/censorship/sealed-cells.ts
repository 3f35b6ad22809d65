import { decryptField, encryptField } from './encryption.js';
import { CENSORED_VALUE } from './mask.js';

/**
 * Cells of censored columns in the row errors of flat-file ingestion. A rejected row is kept whole
 * for the Processing Errors panel (raw_data, value), so without care the error log would hold in
 * clear, and show to every reader of uploads, the values the data settings censor or encrypt.
 * Cells of columns mapped to a setting that is not always visible are stored sealed: encrypted
 * with the field key and tagged with the setting's id, so a reader can later be given the value
 * exactly when that setting lets them read it.
 *
 * Stored form: "sealed:v1:" + setting id + ":" + the encryptField form.
 */

const PREFIX = 'sealed:v1:';

export function sealCell(key: Buffer | null, settingId: number, plain: string): string {
  // no key (nothing registered one): the value is dropped rather than kept in clear
  return key ? `${PREFIX}${settingId}:${encryptField(key, plain)}` : CENSORED_VALUE;
}

export function isSealedCell(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/** The cell for a reader: plain when `mayRead(settingId)`, else the mask; cells that are not sealed pass. */
export function openCell(value: unknown, key: Buffer | null, mayRead: (settingId: number) => boolean): unknown {
  if (!isSealedCell(value)) return value;
  const rest = value.slice(PREFIX.length);
  const colon = rest.indexOf(':');
  const settingId = Number(rest.slice(0, colon));
  if (!key || !Number.isInteger(settingId) || !mayRead(settingId)) return CENSORED_VALUE;
  try {
    return decryptField(key, rest.slice(colon + 1));
  } catch {
    return CENSORED_VALUE;
  }
}

interface ErrorCells {
  value: string | null;
  raw_data: Record<string, string> | null;
  columns: string[];
  annotation: string | null;
}

/**
 * Seals the censored cells of one row error: raw_data cells of those columns, the value when the
 * error is about one of them, and that value where the annotation quotes it (masked there: an
 * annotation is text for everyone).
 */
export function sealErrorCells<E extends ErrorCells>(error: E, censoredColumns: ReadonlyMap<string, number>, key: Buffer | null): E {
  if (!censoredColumns.size) return error;
  let raw = error.raw_data;
  if (raw) {
    raw = { ...raw };
    for (const [column, settingId] of censoredColumns) {
      const cell = raw[column];
      if (cell !== undefined && cell !== '') raw[column] = sealCell(key, settingId, cell);
    }
  }
  const own = error.columns.length === 1 ? censoredColumns.get(error.columns[0]) : undefined;
  if (own === undefined || error.value === null || error.value === '') return { ...error, raw_data: raw };
  const annotation = error.annotation?.split(error.value).join(CENSORED_VALUE) ?? null;
  return { ...error, raw_data: raw, value: sealCell(key, own, error.value), annotation };
}

/** The error's value and raw_data cells as a reader sees them (see openCell). */
export function openErrorCells<E extends { value: string | null; raw_data: Record<string, unknown> | null }>(
  error: E,
  key: Buffer | null,
  mayRead: (settingId: number) => boolean,
): E {
  const hasSealed = isSealedCell(error.value) || (error.raw_data && Object.values(error.raw_data).some(isSealedCell));
  if (!hasSealed) return error;
  const raw = error.raw_data ? Object.fromEntries(Object.entries(error.raw_data).map(([k, v]) => [k, openCell(v, key, mayRead)])) : null;
  return { ...error, value: openCell(error.value, key, mayRead) as string | null, raw_data: raw };
}
