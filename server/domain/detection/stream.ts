import { WINDOWED, type RuleSpec } from '../../../core/rule-spec.js';
import { evidenceOf, type Finding } from './batch.js';
import { byTime, judge, passes, subjectsOf, MINUTE_MS, type DetectionEvent, type Subject } from './evaluate.js';
import type { LiveRule } from './store.js';

/**
 * Judging a stream of events that arrives in (time, id) order, keeping in memory only what the
 * rules' windows can still reach: for each subject the events a windowed variable's filter admits
 * over the longest window, its latest event of any kind (days since the previous one), and the
 * events on each device or address over the longest shared window. A backtest feeds a window's
 * events through it chunk by chunk instead of reading each chunk's histories from the database.
 * It finds what `evaluateAll` finds with every event's history at hand
 * (tests/server/detection-property.test.ts).
 */

const subjectOf = (spec: RuleSpec) => spec.subject ?? 'ENTITY';

/** A list in (time, id) order whose front is dropped as the stream moves on. */
class Recent {
  items: DetectionEvent[] = [];
  /** drops events at or before `time` (no later window can hold them) */
  trim(time: number) {
    let k = 0;
    while (k < this.items.length && this.items[k].time <= time) k++;
    if (k) this.items.splice(0, k);
  }
}

export class RunningWindows {
  private readonly types: Array<'ENTITY' | 'INSTRUMENT'>;
  /** the longest window of a subject's windowed variables, and of the shared (device, address) ones, in ms */
  private readonly subjectSpan: number;
  private readonly sharedSpan: number;
  private readonly subjects = new Map<string, Recent>();
  private readonly latest = new Map<string, DetectionEvent>();
  private readonly byDevice = new Map<string, Recent>();
  private readonly byIp = new Map<string, Recent>();
  private readonly groups: { device: boolean; ip: boolean };
  /** whether a rule reads the days since the previous event (else no subject's latest event is kept) */
  private readonly sinceLast: boolean;
  private last: DetectionEvent | null = null;
  private seen = 0;

  /** `forgetEvery`: how many events pass between two sweeps of what no window reaches any more */
  constructor(
    private readonly rules: readonly LiveRule[],
    private readonly forgetEvery = 50_000,
  ) {
    const valid = rules.filter((r) => !r.invalid);
    this.types = [...new Set(valid.map((r) => subjectOf(r.spec)))];
    const windowed = valid.flatMap((r) => r.spec.variables.filter((v) => WINDOWED.includes(v.aggregation)));
    this.subjectSpan = Math.max(0, ...windowed.filter((v) => !v.group_by).map((v) => v.window_minutes ?? 0)) * MINUTE_MS;
    this.sharedSpan = Math.max(0, ...windowed.filter((v) => v.group_by).map((v) => v.window_minutes ?? 0)) * MINUTE_MS;
    this.sinceLast = valid.some((r) => r.spec.variables.some((v) => v.aggregation === 'days_since_previous'));
    this.groups = {
      device: windowed.some((v) => v.group_by === 'device_fingerprint'),
      ip: windowed.some((v) => v.group_by === 'ip_address'),
    };
  }

  /** Whether a windowed variable of a rule judging this subject would count the event. */
  private counts(event: DetectionEvent, subject: Subject): boolean {
    return this.rules.some(
      (r) =>
        !r.invalid &&
        subjectOf(r.spec) === subject.type &&
        r.spec.variables.some((v) => WINDOWED.includes(v.aggregation) && !v.group_by && passes(v.filter, event, subject)),
    );
  }

  /** Takes in an event of the stream, judged or not; events come in (time, id) order. */
  private keep(event: DetectionEvent): Array<{ subject: Subject; before: DetectionEvent | null }> {
    if (this.last && byTime(this.last, event) >= 0) throw new Error('RunningWindows: events must come in (time, id) order');
    this.last = event;
    const out: Array<{ subject: Subject; before: DetectionEvent | null }> = [];
    for (const type of this.types) {
      for (const subject of subjectsOf(event, type)) {
        const key = `${type}:${subject.id}`;
        if (this.counts(event, subject)) {
          let list = this.subjects.get(key);
          if (!list) this.subjects.set(key, (list = new Recent()));
          list.items.push(event);
        }
        out.push({ subject, before: this.latest.get(key) ?? null });
        if (this.sinceLast) this.latest.set(key, event);
      }
    }
    if (this.groups.device && event.device) this.recent(this.byDevice, event.device).items.push(event);
    if (this.groups.ip && event.ip) this.recent(this.byIp, event.ip).items.push(event);
    // now and then, forget what no window can reach any more
    if (++this.seen % this.forgetEvery === 0) this.forget(event.time);
    return out;
  }

  private recent(map: Map<string, Recent>, key: string): Recent {
    let list = map.get(key);
    if (!list) map.set(key, (list = new Recent()));
    return list;
  }

  private forget(now: number) {
    for (const [map, span] of [
      [this.subjects, this.subjectSpan],
      [this.byDevice, this.sharedSpan],
      [this.byIp, this.sharedSpan],
    ] as const) {
      for (const [key, list] of map) {
        list.trim(now - span);
        if (!list.items.length) map.delete(key);
      }
    }
  }

  /** An event stored before the first one judged (the windows reaching back before it). */
  remember(event: DetectionEvent) {
    this.keep(event);
  }

  /** The subject's latest event before the stream, when it is later than any the stream has shown (days since the previous one). */
  previous(subject: Subject, event: DetectionEvent) {
    const key = `${subject.type}:${subject.id}`;
    const known = this.latest.get(key);
    if (!known || byTime(known, event) < 0) this.latest.set(key, event);
  }

  /** Judges the next event of the stream against every rule for each of its subjects. */
  judge(event: DetectionEvent): Finding[] {
    const kept = this.keep(event);
    const out: Finding[] = [];
    for (const rule of this.rules) {
      if (rule.invalid) {
        out.push({ rule, event, subject: { type: subjectOf(rule.spec), id: 0 }, verdict: { status: 'ERROR', message: rule.invalid }, evidence: [] });
        continue;
      }
      for (const { subject, before } of kept) {
        if (subject.type !== subjectOf(rule.spec)) continue;
        const list = this.subjects.get(`${subject.type}:${subject.id}`);
        if (list) list.trim(event.time - this.subjectSpan);
        const device = event.device ? this.byDevice.get(event.device) : undefined;
        const ip = event.ip ? this.byIp.get(event.ip) : undefined;
        device?.trim(event.time - this.sharedSpan);
        ip?.trim(event.time - this.sharedSpan);
        const history = { subject: list?.items ?? [], before, byDevice: device?.items ?? [], byIp: ip?.items ?? [] };
        const verdict = judge(rule.spec, event, subject, history);
        out.push({ rule, event, subject, verdict, evidence: verdict.status === 'FAIL' ? evidenceOf(rule.spec, event, subject, history) : [] });
      }
    }
    return out;
  }
}
