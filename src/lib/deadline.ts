// The Edit Deadline rules (spec part 2, section 4 "Deadline" and section 5): required ("Required"),
// after the start date ("Deadline must be after start date {date}"), sent only when changed, and
// told back as "Deadline extended by {x}" / "Deadline shortened by {x}" with {x} a duration in words.
// Pure functions over Temporal so the modal and its tests agree; the time zone is a parameter.
import { Temporal } from 'temporal-polyfill';

export const DEADLINE_REQUIRED = 'Required';

export function localTimeZone(): string {
  return Temporal.Now.timeZoneId();
}

/** A date-time as the console shows it ("Nov 3, 2026, 4:05 PM"), in the agent's time zone. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** An instant as the value of an <input type="datetime-local"> ("2026-11-03T16:05"). */
export function toInputValue(iso: string | null | undefined, timeZone: string = localTimeZone()): string {
  if (!iso) return '';
  try {
    return Temporal.Instant.from(iso).toZonedDateTimeISO(timeZone).toPlainDateTime().toString({ smallestUnit: 'minute' });
  } catch {
    return '';
  }
}

/** The instant a datetime-local value means in `timeZone`; null when empty or not a date-time. */
export function fromInputValue(value: string, timeZone: string = localTimeZone()): Temporal.Instant | null {
  if (!value.trim()) return null;
  try {
    return Temporal.PlainDateTime.from(value).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).toInstant();
  } catch {
    return null;
  }
}

/** The validation message for a typed deadline, or null when it may be saved. */
export function validateDeadline(value: string, startDate: string | null | undefined, timeZone: string = localTimeZone()): string | null {
  const next = fromInputValue(value, timeZone);
  if (!next) return DEADLINE_REQUIRED;
  if (startDate && Temporal.Instant.compare(next, Temporal.Instant.from(startDate)) <= 0) {
    return `Deadline must be after start date ${formatDateTime(startDate, timeZone)}`;
  }
  return null;
}

/**
 * Whether the typed value differs from what the modal opened with. Compared at the input's own
 * precision (minutes), so opening and saving without a change never moves a deadline that carries
 * seconds.
 */
export function isDeadlineChanged(initialValue: string, value: string): boolean {
  return initialValue !== value;
}

/**
 * The `duration` of POST /deadlines/edit: seconds from the current deadline (or from now, when
 * there is none, as the server adds it to now) to the new one; negative shortens.
 */
export function deadlineDurationSeconds(current: string | null | undefined, next: Temporal.Instant, nowMs: number = Date.now()): number {
  const fromMs = current ? Temporal.Instant.from(current).epochMilliseconds : nowMs;
  return Math.round((next.epochMilliseconds - fromMs) / 1000);
}

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/**
 * A duration in words: "2 days", "3 hours", "1 day, 4 hours". Balanced by Temporal up to days and
 * rounded to minutes (to seconds under a minute), since the editor picks minutes.
 */
export function durationInWords(seconds: number): string {
  const abs = Math.abs(Math.round(seconds));
  const duration = Temporal.Duration.from({ seconds: abs }).round({
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

/** "Deadline extended by {x}" or "Deadline shortened by {x}" (spec part 2, section 4). */
export function deadlineChangeMessage(seconds: number): string {
  return `${seconds >= 0 ? 'Deadline extended by' : 'Deadline shortened by'} ${durationInWords(seconds)}`;
}

/** Time left until a deadline in words, for the header ("due in 2 days", "overdue by 3 hours"). */
export function deadlineDistance(deadline: string | null | undefined, nowMs: number = Date.now()): { overdue: boolean; text: string } | null {
  if (!deadline) return null;
  const ms = new Date(deadline).getTime();
  if (Number.isNaN(ms)) return null;
  const seconds = Math.round((ms - nowMs) / 1000);
  // Whole hours beyond a day, whole minutes below: a header needs no second-level detail.
  const coarse = Math.abs(seconds) >= 86_400 ? Math.round(seconds / 3600) * 3600 : seconds;
  return seconds < 0 ? { overdue: true, text: `overdue by ${durationInWords(coarse)}` } : { overdue: false, text: `due in ${durationInWords(coarse)}` };
}
