// The console's one time formatter (docs/decisions.md "Times"). One format per use, in the agent's
// time zone; filed-at times in America/New_York (spec part 1, section 9; part 2, section 9):
//
//   compact   "2026-10-26 05:51"            tables and list rows: one width, so a column reads in order
//   long      "Oct 26, 2026, 5:51 AM"       facts: headers, fact lists, comments, audit trails, titles
//   compact date / long date   "2026-10-26" / "Oct 26, 2026"   for fields that are calendar days
//   filed-at  "Oct 26, 2026, 5:51 AM EDT"   (compact: "2026-10-26 05:51 EDT"), always New York time
//   relative  "2 days", "3 hours, 12 minutes"   the distance to now, phrased by its use ("due in {x}")
//
// Built from Temporal's fields rather than Intl's locale data, so the text is the same in every
// browser and in Node (no narrow no-break spaces, no "Sept"). Temporal comes from temporal-polyfill's
// tree-shakeable function API (native Temporal where the browser has it), imported here only: the
// rest of the console passes ISO strings and calendar days, never Date or Temporal objects.
import * as CalendarFns from 'temporal-polyfill/fns/Calendar';
import * as DurationFns from 'temporal-polyfill/fns/Duration';
import * as InstantFns from 'temporal-polyfill/fns/Instant';
import * as NowFns from 'temporal-polyfill/fns/Now';
import * as PlainDateFns from 'temporal-polyfill/fns/PlainDate';
import * as PlainDateTimeFns from 'temporal-polyfill/fns/PlainDateTime';
import * as ZonedDateTimeFns from 'temporal-polyfill/fns/ZonedDateTime';

/** What a missing time reads as. */
export const NO_TIME = '—';

/** Filed-at times are shown in New York time, whatever the agent's zone. */
export const FILED_AT_TIME_ZONE = 'America/New_York';

export interface ZoneOption {
  /** An IANA zone; the agent's when absent. */
  timeZone?: string;
}

// ---- the agent's time zone ----------------------------------------------------------------------

let agentZone: string | null = null;

function isTimeZone(zone: string): boolean {
  try {
    InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(0), zone);
    return true;
  } catch {
    return false;
  }
}

/** The browser's own zone. */
export function browserTimeZone(): string {
  return NowFns.timeZoneId();
}

/**
 * Sets the zone the console shows times in, once the signed-in agent is known. Neither the agent
 * nor the organisation carries a zone in the contract today, so nothing calls it with one and the
 * browser's zone applies; an unknown zone or none falls back to the browser's too.
 */
export function setAgentTimeZone(zone: string | null | undefined): void {
  agentZone = zone && isTimeZone(zone) ? zone : null;
}

/** The zone times are shown in: the agent's, else the browser's. */
export function agentTimeZone(): string {
  return agentZone ?? browserTimeZone();
}

// ---- reading ------------------------------------------------------------------------------------

type Zoned = ReturnType<typeof InstantFns.toZonedDateTimeISO>;

function instant(iso: string) {
  try {
    return InstantFns.fromString(iso);
  } catch {
    return null;
  }
}

function zoned(iso: string, timeZone: string): Zoned | null {
  const at = instant(iso);
  return at ? InstantFns.toZonedDateTimeISO(at, timeZone) : null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function plainDate(day: string) {
  if (!DAY.test(day)) return null;
  try {
    return PlainDateFns.fromString(day, CalendarFns.getISO);
  } catch {
    return null;
  }
}

/** A calendar day ("2026-10-01") as written, or null when it is not one ("2026-02-30", "soon"). */
export function calendarDay(value: string | null | undefined): string | null {
  const day = value ? plainDate(value) : null;
  return day ? PlainDateFns.toString(day) : null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/** Whether a value is an ISO instant with its offset ("2026-10-26T09:51:00.000Z"), as the API writes times. */
export function isInstant(value: unknown): value is string {
  return typeof value === 'string' && INSTANT.test(value) && instant(value) !== null;
}

/** Milliseconds since the epoch of an ISO instant, or null when it is not one. */
export function epochMilliseconds(iso: string | null | undefined): number | null {
  const at = iso ? instant(iso) : null;
  return at ? at.epochMilliseconds : null;
}

// ---- the formats --------------------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const pad = (n: number) => String(n).padStart(2, '0');

interface Fields {
  year: number;
  month: number;
  day: number;
}
interface TimeFields extends Fields {
  hour: number;
  minute: number;
}

const compactDay = (f: Fields) => `${f.year}-${pad(f.month)}-${pad(f.day)}`;
const longDay = (f: Fields) => `${MONTHS[f.month - 1]} ${f.day}, ${f.year}`;
const compactClock = (f: TimeFields) => `${pad(f.hour)}:${pad(f.minute)}`;
const longClock = (f: TimeFields) => `${f.hour % 12 || 12}:${pad(f.minute)} ${f.hour < 12 ? 'AM' : 'PM'}`;

/** Formats an instant with `render`; "—" when there is none, the text itself when it is not one. */
function format(iso: string | null | undefined, timeZone: string, render: (z: Zoned) => string): string {
  if (!iso) return NO_TIME;
  const z = zoned(iso, timeZone);
  return z ? render(z) : iso;
}

/** Tables and list rows: "2026-10-26 05:51" (24-hour) in the agent's zone. */
export function compactTime(iso: string | null | undefined, { timeZone = agentTimeZone() }: ZoneOption = {}): string {
  return format(iso, timeZone, (z) => `${compactDay(z)} ${compactClock(z)}`);
}

/** Detail pages, panels and titles: "Oct 26, 2026, 5:51 AM" in the agent's zone. */
export function longTime(iso: string | null | undefined, { timeZone = agentTimeZone() }: ZoneOption = {}): string {
  return format(iso, timeZone, (z) => `${longDay(z)}, ${longClock(z)}`);
}

/** The day of an instant in the agent's zone, or a calendar day as it is. */
function day(value: string | null | undefined, timeZone: string, render: (f: Fields) => string): string {
  if (!value) return NO_TIME;
  const d = plainDate(value);
  if (d) return render(d);
  return format(value, timeZone, render);
}

/** A date field in a table: "2026-10-26". */
export function compactDate(value: string | null | undefined, { timeZone = agentTimeZone() }: ZoneOption = {}): string {
  return day(value, timeZone, compactDay);
}

/** A date field on a detail page: "Oct 26, 2026". */
export function longDate(value: string | null | undefined, { timeZone = agentTimeZone() }: ZoneOption = {}): string {
  return day(value, timeZone, longDay);
}

/** New York's abbreviations by offset; any other offset is written as one. */
const NEW_YORK_ZONE_NAMES: Record<string, string> = { '-04:00': 'EDT', '-05:00': 'EST' };

/**
 * A filing's filed-at time, always in New York with its zone: "Oct 26, 2026, 5:51 AM EDT", or in a
 * table "2026-10-26 05:51 EDT". The zone names the hour that repeats when daylight saving ends.
 */
export function filedAt(iso: string | null | undefined, style: 'long' | 'compact' = 'long'): string {
  return format(iso, FILED_AT_TIME_ZONE, (z) => {
    const offset = ZonedDateTimeFns.offset(z);
    const zone = NEW_YORK_ZONE_NAMES[offset] ?? `UTC${offset}`;
    return style === 'long' ? `${longDay(z)}, ${longClock(z)} ${zone}` : `${compactDay(z)} ${compactClock(z)} ${zone}`;
  });
}

// ---- durations and the relative format ----------------------------------------------------------

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/**
 * A duration in words: "2 days", "3 hours", "1 day, 4 hours". Balanced by Temporal up to days
 * (of 24 hours) and rounded to minutes, to seconds under a minute.
 */
export function durationInWords(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const duration = DurationFns.round(DurationFns.fromFields({ seconds: abs }), {
    largestUnit: 'day',
    smallestUnit: abs < 60 ? 'second' : 'minute',
    roundingMode: 'halfExpand',
  });
  const parts = UNITS.flatMap(([field, word]) => {
    const n = duration[field];
    return n === 0 ? [] : [`${n} ${word}${n === 1 ? '' : 's'}`];
  });
  return parts.length > 0 ? parts.join(', ') : '0 seconds';
}

/**
 * The relative format: how far an instant is from now, in words, and whether it has passed. Whole
 * hours beyond a day, whole minutes below: "2 days", "1 day, 4 hours", "3 hours, 12 minutes". Its
 * use phrases it ("due in {x}", "overdue by {x}"). Null when there is no instant.
 */
export function relativeTime(iso: string | null | undefined, { now = Date.now() }: { now?: number } = {}): { past: boolean; words: string } | null {
  const ms = epochMilliseconds(iso);
  if (ms === null) return null;
  const seconds = Math.round((ms - now) / 1000);
  const coarse = Math.abs(seconds) >= 86_400 ? Math.round(seconds / 3600) * 3600 : seconds;
  return { past: seconds < 0, words: durationInWords(coarse) };
}

// ---- days and date-time inputs ------------------------------------------------------------------

/** The instant a calendar day starts in `timeZone` ("2026-10-01" in New York: "2026-10-01T04:00:00Z"). */
export function startOfDay(day: string, timeZone: string): string {
  const d = plainDate(day);
  if (!d) throw new RangeError(`not a calendar day: ${day}`);
  return InstantFns.toString(ZonedDateTimeFns.toInstant(PlainDateFns.toZonedDateTime(d, timeZone)));
}

/** The instant the day after `day` starts in `timeZone`: the end of a filter that includes `day`. */
export function startOfNextDay(day: string, timeZone: string): string {
  const d = plainDate(day);
  if (!d) throw new RangeError(`not a calendar day: ${day}`);
  return startOfDay(PlainDateFns.toString(PlainDateFns.addDays(d, 1)), timeZone);
}

/** The calendar day it is now in `timeZone` ("2026-11-27"). */
export function todayIn(timeZone: string = agentTimeZone(), epochMs: number = Date.now()): string {
  return PlainDateFns.toString(ZonedDateTimeFns.toPlainDate(InstantFns.toZonedDateTimeISO(InstantFns.fromEpochMilliseconds(epochMs), timeZone)));
}

/** The calendar day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const d = plainDate(day);
  if (!d) throw new RangeError(`not a calendar day: ${day}`);
  return PlainDateFns.toString(PlainDateFns.addDays(d, days));
}

/** The ISO text of an instant given in milliseconds since the epoch (now when left out), as the server reads it. */
export function instantString(epochMs: number = Date.now()): string {
  return InstantFns.toString(InstantFns.fromEpochMilliseconds(epochMs));
}

/** An instant as the value of an <input type="datetime-local"> in `timeZone` ("2026-11-03T16:05"). */
export function toDateTimeLocal(iso: string | null | undefined, timeZone: string = agentTimeZone()): string {
  const z = iso ? zoned(iso, timeZone) : null;
  return z ? PlainDateTimeFns.toString(ZonedDateTimeFns.toPlainDateTime(z), { smallestUnit: 'minute' }) : '';
}

/**
 * The instant (milliseconds since the epoch) a datetime-local value means in `timeZone`; null when
 * empty or not a date-time. A wall time skipped or repeated by a zone change reads as the browser's
 * own input does ("compatible": the later of a skipped hour, the earlier of a repeated one).
 */
export function fromDateTimeLocal(value: string, timeZone: string = agentTimeZone()): number | null {
  if (!value.trim()) return null;
  try {
    const local = PlainDateTimeFns.fromString(value, CalendarFns.getISO);
    return PlainDateTimeFns.toZonedDateTime(local, timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
  } catch {
    return null;
  }
}
