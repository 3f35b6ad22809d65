// The Edit Deadline rules (spec part 2, section 4 "Deadline" and section 5): required ("Required"),
// after the start date ("Deadline must be after start date {date}"), sent only when changed, and
// told back as "Deadline extended by {x}" / "Deadline shortened by {x}" with {x} a duration in words.
// Pure functions over the time module (src/lib/time.ts) so the modal and its tests agree; the time
// zone is a parameter.
import { agentTimeZone, durationInWords, epochMilliseconds, fromDateTimeLocal, longTime, relativeTime, toDateTimeLocal } from './time';

export const DEADLINE_REQUIRED = 'Required';

/** An instant as the value of an <input type="datetime-local"> ("2026-11-03T16:05"). */
export function toInputValue(iso: string | null | undefined, timeZone: string = agentTimeZone()): string {
  return toDateTimeLocal(iso, timeZone);
}

/** The instant (epoch milliseconds) a datetime-local value means in `timeZone`; null when empty or not a date-time. */
export function fromInputValue(value: string, timeZone: string = agentTimeZone()): number | null {
  return fromDateTimeLocal(value, timeZone);
}

/** The validation message for a typed deadline, or null when it may be saved. */
export function validateDeadline(value: string, startDate: string | null | undefined, timeZone: string = agentTimeZone()): string | null {
  const next = fromInputValue(value, timeZone);
  const start = epochMilliseconds(startDate);
  if (next === null) return DEADLINE_REQUIRED;
  if (start !== null && next <= start) {
    return `Deadline must be after start date ${longTime(startDate, { timeZone })}`;
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
export function deadlineDurationSeconds(current: string | null | undefined, nextMs: number, nowMs: number = Date.now()): number {
  const fromMs = epochMilliseconds(current) ?? nowMs;
  return Math.round((nextMs - fromMs) / 1000);
}

/** "Deadline extended by {x}" or "Deadline shortened by {x}" (spec part 2, section 4). */
export function deadlineChangeMessage(seconds: number): string {
  return `${seconds >= 0 ? 'Deadline extended by' : 'Deadline shortened by'} ${durationInWords(seconds)}`;
}

/**
 * How far a deadline moved, in seconds, between the minutes the input shows: moving a deadline that
 * carries seconds (an engine-raised alert's) two days on reads "2 days", not "1 day, 23 hours, 59
 * minutes".
 */
export function deadlineMovedSeconds(previous: string, next: string): number {
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  return (minute(next) - minute(previous)) * 60;
}

/** Time left until a deadline in words, for the header ("due in 2 days", "overdue by 3 hours"): the relative format. */
export function deadlineDistance(deadline: string | null | undefined, nowMs: number = Date.now()): { overdue: boolean; text: string } | null {
  const distance = relativeTime(deadline, { now: nowMs });
  if (!distance) return null;
  return distance.past ? { overdue: true, text: `overdue by ${distance.words}` } : { overdue: false, text: `due in ${distance.words}` };
}
