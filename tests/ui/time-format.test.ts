// The console's one time formatter (src/lib/time.ts, docs/decisions.md "Times"): each format with
// fixed instants and zones, across daylight-saving changes, filed-at times in New York whatever the
// agent's zone; and a guard that no other file in src/ formats dates by itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deadlineChangeMessage, deadlineDistance, deadlineMovedSeconds, validateDeadline } from '../../src/lib/deadline';
import {
  agentTimeZone,
  browserTimeZone,
  calendarDay,
  compactDate,
  compactTime,
  durationInWords,
  epochMilliseconds,
  filedAt,
  fromDateTimeLocal,
  instantString,
  isInstant,
  longDate,
  longTime,
  relativeTime,
  setAgentTimeZone,
  startOfDay,
  startOfNextDay,
  todayIn,
  addDays,
  toDateTimeLocal,
} from '../../src/lib/time';

const NY = { timeZone: 'America/New_York' };
const UTC = { timeZone: 'UTC' };
const iso = (ms: number) => new Date(ms).toISOString();

afterEach(() => setAgentTimeZone(null));

describe('instants sent to the server', () => {
  it('are ISO text in UTC, read back to the same millisecond', () => {
    expect(instantString(0)).toBe('1970-01-01T00:00:00Z');
    const at = Date.UTC(2026, 10, 26, 21, 58, 12, 345);
    expect(instantString(at)).toBe('2026-11-26T21:58:12.345Z');
    expect(epochMilliseconds(instantString(at))).toBe(at);
  });
});

describe('compact: tables and list rows', () => {
  it('is "YYYY-MM-DD HH:mm", 24-hour, in the given zone', () => {
    expect(compactTime('2026-10-26T09:51:00.000Z', NY)).toBe('2026-10-26 05:51');
    expect(compactTime('2026-10-26T09:51:00Z', UTC)).toBe('2026-10-26 09:51');
    expect(compactTime('2026-10-26T21:05:59.999Z', UTC)).toBe('2026-10-26 21:05');
    expect(compactTime('2026-10-26T09:51:00Z', { timeZone: 'Asia/Kolkata' })).toBe('2026-10-26 15:21');
  });

  it('moves to the zone’s own day', () => {
    expect(compactTime('2026-10-26T02:00:00Z', NY)).toBe('2026-10-25 22:00');
    expect(compactTime('2026-12-31T23:30:00Z', { timeZone: 'Australia/Sydney' })).toBe('2027-01-01 10:30');
  });

  it('reads instants written with an offset', () => {
    expect(compactTime('2026-10-26T00:05:00+02:00', UTC)).toBe('2026-10-25 22:05');
  });
});

describe('long: detail pages, panels, titles', () => {
  it('is "Mon D, YYYY, h:mm AM" with plain spaces', () => {
    expect(longTime('2026-10-26T09:51:00Z', NY)).toBe('Oct 26, 2026, 5:51 AM');
    expect(longTime('2026-11-03T21:05:00Z', NY)).toBe('Nov 3, 2026, 4:05 PM');
    expect(longTime('2026-09-01T12:00:00Z', UTC)).toBe('Sep 1, 2026, 12:00 PM');
    expect(longTime('2026-09-01T00:07:00Z', UTC)).toBe('Sep 1, 2026, 12:07 AM');
  });
});

describe('across daylight-saving changes in New York', () => {
  it('skips the hour in March', () => {
    expect(compactTime('2026-03-08T06:59:00Z', NY)).toBe('2026-03-08 01:59');
    expect(compactTime('2026-03-08T07:00:00Z', NY)).toBe('2026-03-08 03:00');
    expect(longTime('2026-03-08T07:00:00Z', NY)).toBe('Mar 8, 2026, 3:00 AM');
  });

  it('repeats the hour in November: the same wall time twice, told apart by filed-at’s zone', () => {
    expect(compactTime('2026-11-01T05:30:00Z', NY)).toBe('2026-11-01 01:30');
    expect(compactTime('2026-11-01T06:30:00Z', NY)).toBe('2026-11-01 01:30');
    expect(filedAt('2026-11-01T05:30:00Z')).toBe('Nov 1, 2026, 1:30 AM EDT');
    expect(filedAt('2026-11-01T06:30:00Z')).toBe('Nov 1, 2026, 1:30 AM EST');
  });
});

describe('filed-at: always America/New_York with its zone', () => {
  it('reads EDT in summer and EST in winter, long and compact', () => {
    expect(filedAt('2026-10-26T09:51:00Z')).toBe('Oct 26, 2026, 5:51 AM EDT');
    expect(filedAt('2026-12-15T17:00:00Z')).toBe('Dec 15, 2026, 12:00 PM EST');
    expect(filedAt('2026-10-26T09:51:00Z', 'compact')).toBe('2026-10-26 05:51 EDT');
    expect(filedAt('2027-01-02T03:04:00Z', 'compact')).toBe('2027-01-01 22:04 EST');
  });

  it('ignores the agent’s zone', () => {
    setAgentTimeZone('Asia/Tokyo');
    expect(compactTime('2026-10-26T09:51:00Z')).toBe('2026-10-26 18:51');
    expect(filedAt('2026-10-26T09:51:00Z')).toBe('Oct 26, 2026, 5:51 AM EDT');
  });
});

describe('dates: fields that are calendar days', () => {
  it('writes a calendar day as it is, whatever the zone', () => {
    expect(compactDate('2026-10-01', { timeZone: 'Pacific/Kiritimati' })).toBe('2026-10-01');
    expect(longDate('2026-10-01', { timeZone: 'Pacific/Pago_Pago' })).toBe('Oct 1, 2026');
  });

  it('gives an instant’s day in the zone', () => {
    expect(compactDate('2026-10-26T02:00:00Z', NY)).toBe('2026-10-25');
    expect(longDate('2026-10-26T02:00:00Z', UTC)).toBe('Oct 26, 2026');
  });
});

describe('missing and unreadable values', () => {
  it('shows a dash for none and the text itself when it is not a time', () => {
    for (const format of [compactTime, longTime, compactDate, longDate]) {
      expect(format(null, UTC)).toBe('—');
      expect(format(undefined, UTC)).toBe('—');
      expect(format('', UTC)).toBe('—');
      expect(format('soon', UTC)).toBe('soon');
    }
    expect(filedAt(null)).toBe('—');
    expect(compactTime('2026-10-26', UTC)).toBe('2026-10-26');
  });

  it('knows an API instant from other text', () => {
    expect(isInstant('2026-10-26T09:51:00.000Z')).toBe(true);
    expect(isInstant('2026-10-26T09:51:00+02:00')).toBe(true);
    expect(isInstant('2026-10-26')).toBe(false);
    expect(isInstant('2026-10-26T09:51:00')).toBe(false);
    expect(isInstant('2026-13-40T09:51:00Z')).toBe(false);
    expect(isInstant(42)).toBe(false);
    expect(epochMilliseconds('1970-01-01T00:00:01Z')).toBe(1000);
    expect(epochMilliseconds('nope')).toBeNull();
  });
});

describe('the agent’s time zone', () => {
  it('is the browser’s unless the agent has one; an unknown zone falls back', () => {
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(agentTimeZone()).toBe(browserTimeZone());
    setAgentTimeZone('Europe/Berlin');
    expect(agentTimeZone()).toBe('Europe/Berlin');
    expect(longTime('2026-07-01T10:00:00Z')).toBe('Jul 1, 2026, 12:00 PM');
    setAgentTimeZone('Mars/Olympus_Mons');
    expect(agentTimeZone()).toBe(browserTimeZone());
  });
});

describe('relative: the distance to now in words', () => {
  const now = Date.parse('2026-10-24T05:00:00Z');

  it('says how far and whether it has passed, whole hours beyond a day, minutes below', () => {
    expect(relativeTime(iso(now + 2 * 86_400_000), { now })).toEqual({ past: false, words: '2 days' });
    expect(relativeTime(iso(now + 86_400_000 + 4 * 3_600_000 + 20 * 60_000), { now })).toEqual({ past: false, words: '1 day, 4 hours' });
    expect(relativeTime(iso(now - 3 * 3_600_000 - 12 * 60_000), { now })).toEqual({ past: true, words: '3 hours, 12 minutes' });
    expect(relativeTime(iso(now - 45_000), { now })).toEqual({ past: true, words: '45 seconds' });
    expect(relativeTime(null, { now })).toBeNull();
  });

  it('phrases the deadline: "due in {x}", "overdue by {x}"', () => {
    expect(deadlineDistance(iso(now + 2 * 86_400_000), now)).toEqual({ overdue: false, text: 'due in 2 days' });
    expect(deadlineDistance(iso(now - 3 * 3_600_000), now)).toEqual({ overdue: true, text: 'overdue by 3 hours' });
  });

  it('writes durations in words', () => {
    expect(durationInWords(172_800)).toBe('2 days');
    expect(durationInWords(-10_800)).toBe('3 hours');
    expect(durationInWords(90_061)).toBe('1 day, 1 hour, 1 minute');
    expect(durationInWords(0)).toBe('0 seconds');
    expect(deadlineChangeMessage(-10_800)).toBe('Deadline shortened by 3 hours');
    // a deadline with seconds moved two days at the input's minute precision
    expect(deadlineChangeMessage(deadlineMovedSeconds('2025-06-07T21:49:37Z', '2025-06-09T21:49:00Z'))).toBe('Deadline extended by 2 days');
    expect(deadlineChangeMessage(deadlineMovedSeconds('2025-06-07T21:49:37Z', '2025-06-07T20:49:00Z'))).toBe('Deadline shortened by 1 hour');
  });
});

describe('calendar days and date-time inputs', () => {
  it('reads calendar days strictly', () => {
    expect(calendarDay('2026-10-01')).toBe('2026-10-01');
    expect(calendarDay('2026-02-30')).toBeNull();
    expect(calendarDay('2026-10-1')).toBeNull();
    expect(calendarDay(null)).toBeNull();
  });

  it('starts days in the zone, across the end of daylight saving time', () => {
    expect(startOfDay('2026-10-01', 'America/New_York')).toBe('2026-10-01T04:00:00Z');
    expect(startOfNextDay('2026-10-31', 'America/New_York')).toBe('2026-11-01T04:00:00Z');
    expect(startOfNextDay('2026-11-01', 'America/New_York')).toBe('2026-11-02T05:00:00Z');
    expect(startOfNextDay('2026-12-31', 'UTC')).toBe('2027-01-01T00:00:00Z');
  });

  it('tells the day it is in a zone, and counts days from one', () => {
    const lateEvening = Date.parse('2026-11-27T03:30:00Z');
    expect(todayIn('UTC', lateEvening)).toBe('2026-11-27');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-11-26');
    expect(addDays('2026-11-27', -29)).toBe('2026-10-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(() => addDays('soon', 1)).toThrow(RangeError);
  });

  it('fills and reads a datetime-local input in the zone', () => {
    expect(toDateTimeLocal('2026-11-03T21:05:42Z', 'America/New_York')).toBe('2026-11-03T16:05');
    expect(toDateTimeLocal(null, 'UTC')).toBe('');
    expect(fromDateTimeLocal('2026-11-03T16:05', 'America/New_York')).toBe(Date.parse('2026-11-03T21:05:00Z'));
    expect(fromDateTimeLocal('', 'UTC')).toBeNull();
    expect(fromDateTimeLocal('tomorrow', 'UTC')).toBeNull();
  });

  it('reads a skipped wall time as the later hour and a repeated one as the earlier, as browsers do', () => {
    expect(iso(fromDateTimeLocal('2026-03-08T02:30', 'America/New_York')!)).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(fromDateTimeLocal('2026-11-01T01:30', 'America/New_York')!)).toBe('2026-11-01T05:30:00.000Z');
  });

  it('names the start date in the long format when a deadline is not after it', () => {
    expect(validateDeadline('2026-10-26T05:00', '2026-10-26T09:51:00Z', 'America/New_York')).toBe('Deadline must be after start date Oct 26, 2026, 5:51 AM');
    expect(validateDeadline('2026-10-26T06:00', '2026-10-26T09:51:00Z', 'America/New_York')).toBeNull();
    expect(validateDeadline('', null, 'UTC')).toBe('Required');
  });
});

// ---- the guard ----------------------------------------------------------------------------------

/** The one module allowed to hold Date, Intl date formatting and Temporal. */
const TIME_MODULE = 'src/lib/time.ts';

const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/\bnew\s+Date\b|(?<![\w.$])Date\s*\(/, 'a Date object (read instants with epochMilliseconds, show them with the time module)'],
  [/\bIntl\s*\.\s*(DateTimeFormat|RelativeTimeFormat|DurationFormat)\b/, 'Intl date formatting'],
  [/\.toLocale(Date|Time)String\b|\.to(UTC|Date|Time)String\s*\(/, 'Date#toLocale…String'],
  [/\b(dateStyle|timeStyle)\b/, 'date/time style options'],
  [/['"]temporal-polyfill(\/[^'"]*)?['"]|\bTemporal\s*\./, 'Temporal outside the time module'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The code without comments, so prose may name what code may not use. Lines are kept. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

describe('one time formatter', () => {
  it('formats dates and times only in src/lib/time.ts', () => {
    const root = process.cwd();
    const found: string[] = [];
    for (const file of sources(join(root, 'src'))) {
      const path = relative(root, file).split('\\').join('/');
      if (path === TIME_MODULE) continue;
      code(readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, what] of FORBIDDEN) if (pattern.test(line)) found.push(`${path}:${i + 1}: ${what}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('the guard sees what it looks for', () => {
    const hits = (line: string) => FORBIDDEN.filter(([p]) => p.test(code(line))).length;
    expect(hits("new Date(iso).toLocaleString('en-US', { dateStyle: 'medium' })")).toBe(2);
    expect(hits('new Intl.DateTimeFormat(undefined, {})')).toBe(1);
    expect(hits("import { Temporal } from 'temporal-polyfill';")).toBe(1);
    expect(hits('Temporal.Now.timeZoneId()')).toBe(1);
    expect(hits('d.toLocaleDateString()')).toBe(1);
    expect(hits('const n = count.toLocaleString();')).toBe(0);
    expect(hits('Date.parse(a) - Date.now()')).toBe(0);
    expect(hits('// new Date() in a comment')).toBe(0);
  });
});
