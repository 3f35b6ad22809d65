import type { FieldType } from './fields.js';

/**
 * Turning a cell's text into a value of a data type. Pure functions: the processing job calls them
 * for every mapped cell, and the unit tests call them directly.
 */

export type ErrorType =
  'CONDITIONAL_REQUIRED_FIELD_ERROR' | 'TRANSFORMATION_ERROR' | 'MAPPING_ERROR' | 'EXCESSIVE_OBJECT_ERROR' | 'DIRECTIONALITY_ERROR' | 'UNKNOWN_ERROR';

export interface CellProblem {
  type: ErrorType;
  annotation: string;
  annotation_type: string | null;
  transformation: string | null;
}

export type Transformed = { ok: true; value: string | number | boolean } | { ok: false; problem: CellProblem };

export const MAX_TEXT_LENGTH = 10_000;
/** numeric(18, 2): larger amounts cannot be stored */
export const MAX_NUMBER = 1e16;

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?$/;
const TRUE = new Set(['true', 't', 'yes', 'y', '1']);
const FALSE = new Set(['false', 'f', 'no', 'n', '0']);

const fail = (type: ErrorType, annotation: string, annotationType: string | null, transformation: string | null): Transformed => ({
  ok: false,
  problem: {
    type,
    annotation,
    annotation_type: annotationType,
    transformation,
  },
});

export function toNumber(text: string, column: string): Transformed {
  const t = text.trim();
  const n = NUMBER.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n) || Math.abs(n) >= MAX_NUMBER)
    return fail('TRANSFORMATION_ERROR', `Could not convert '${text}' to a number.`, 'NUMBER', `to_number(${column})`);
  return { ok: true, value: n };
}

export function toBoolean(text: string, column: string): Transformed {
  const t = text.trim().toLowerCase();
  if (TRUE.has(t)) return { ok: true, value: true };
  if (FALSE.has(t)) return { ok: true, value: false };
  return fail('TRANSFORMATION_ERROR', `Could not convert '${text}' to true or false.`, 'BOOLEAN', `to_boolean(${column})`);
}

export function toEnum(text: string, column: string, allowed: readonly string[]): Transformed {
  // case-sensitive: 'usd' is not 'USD'
  if (allowed.includes(text)) return { ok: true, value: text };
  return fail('MAPPING_ERROR', `No mapping for value '${text}' of ${column}.`, 'ENUM', `map(${column})`);
}

export function toText(text: string, column: string): Transformed {
  if (text.length > MAX_TEXT_LENGTH)
    return fail('TRANSFORMATION_ERROR', `The value of ${column} is longer than ${MAX_TEXT_LENGTH} characters.`, 'TEXT', `to_text(${column})`);
  return { ok: true, value: text };
}

const offsetCache = new Map<string, Map<number, number>>();
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC of a zone at an instant; cached per zone and quarter hour (zones change offset on those). */
export function zoneOffsetMinutes(zone: string, utcMs: number): number {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 0;
  const bucket = Math.floor(utcMs / 900_000);
  let cache = offsetCache.get(zone);
  if (!cache) offsetCache.set(zone, (cache = new Map<number, number>()));
  const hit = cache.get(bucket);
  if (hit !== undefined) return hit;
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  const at = bucket * 900_000;
  const p = Object.fromEntries(f.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const minutes = Math.round((local - at) / 60_000);
  if (cache.size > 100_000) cache.clear();
  cache.set(bucket, minutes);
  return minutes;
}

/**
 * ISO 8601 dates and date-times. A value with an offset (Z, +02:00) is that instant; one without is
 * a wall-clock time in the file's time zone (a wall time skipped by a daylight-saving change is read
 * with the offset before the change). Answers the instant as an ISO string.
 */
export function toDateTime(text: string, column: string, zone: string): Transformed {
  const m = DATE_TIME.exec(text.trim());
  const bad = () => fail('TRANSFORMATION_ERROR', `Could not convert '${text}' to a date and time.`, 'DATE_TIME', `to_timestamp(${column}, '${zone}')`);
  if (!m) return bad();
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', off] = m;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  const check = new Date(wall);
  if (Number.isNaN(wall) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return bad();
  let instant: number;
  if (off) {
    if (off === 'Z' || off === 'z') instant = wall;
    else {
      const digits = off.replace(':', '');
      const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
      instant = wall - (off[0] === '-' ? -minutes : minutes) * 60_000;
    }
  } else {
    const first = zoneOffsetMinutes(zone, wall);
    instant = wall - first * 60_000;
    const second = zoneOffsetMinutes(zone, instant);
    if (second !== first) instant = wall - second * 60_000;
  }
  const year = new Date(instant).getUTCFullYear();
  if (year < 1800 || year > 2200) return bad();
  return { ok: true, value: new Date(instant).toISOString() };
}

/** One cell as a value of the type (references are their external id, as text). */
export function transform(type: FieldType, text: string, column: string, zone: string, enumSet: readonly string[] = []): Transformed {
  switch (type) {
    case 'number':
      return toNumber(text, column);
    case 'boolean':
      return toBoolean(text, column);
    case 'enum':
      return toEnum(text, column, enumSet);
    case 'date-time':
      return toDateTime(text, column, zone);
    default:
      return toText(text, column);
  }
}

export function requiredProblem(field: string, column: string | null): CellProblem {
  return {
    type: 'CONDITIONAL_REQUIRED_FIELD_ERROR',
    annotation: `${field} is required but was ${column ? 'empty' : 'not mapped to a column'}, likely due to conditions evaluating to false.`,
    annotation_type: 'REQUIRED',
    transformation: null,
  };
}
