// The dashboards' filter: a range of days, by day or week, and one queue or all. The page has one
// for every chart; a chart may take its own (DashboardChart).
import type { Queue } from '../../api/queues/queries';
import type { ReportFilter } from '../../api/reporting/keys';
import { addDays, startOfDay, startOfNextDay } from '../../lib/time';
import * as s from './dashboards.styles';

export interface FilterState {
  fromDay: string;
  toDay: string;
  bucket: 'day' | 'week';
  queueId: number | null;
}

/** The last 30 days to `today`, by day, every queue. */
export const defaultFilter = (today: string): FilterState => ({ fromDay: addDays(today, -29), toDay: today, bucket: 'day', queueId: null });

export const filterValid = (f: FilterState) => f.fromDay !== '' && f.toDay !== '' && f.fromDay <= f.toDay;

/** The range the inputs name: from the first day's start to the last day's end (UTC). */
export function filterOf(fromDay: string, toDay: string, bucket: 'day' | 'week', queueId: number | null): ReportFilter {
  return { from: startOfDay(fromDay, 'UTC'), to: startOfNextDay(toDay, 'UTC'), bucket, queue_id: queueId };
}

export const reportFilter = (f: FilterState): ReportFilter => filterOf(f.fromDay, f.toDay, f.bucket, f.queueId);

interface Props {
  value: FilterState;
  onChange: (next: FilterState) => void;
  /** the queues to offer; null when the agent may not read queues (no queue filter) */
  queues: Queue[] | null;
  /** names the group for assistive technology ("Dashboard filters", "Alerts per queue filter") */
  label: string;
}

export function DashboardFilters({ value, onChange, queues, label }: Props) {
  const set = (patch: Partial<FilterState>) => onChange({ ...value, ...patch });
  return (
    <div className={s.filters} role="group" aria-label={label}>
      <label className={s.filter}>
        <span className={s.label}>From</span>
        <input className={s.control} type="date" value={value.fromDay} max={value.toDay} onChange={(e) => set({ fromDay: e.target.value })} />
      </label>
      <label className={s.filter}>
        <span className={s.label}>To</span>
        <input className={s.control} type="date" value={value.toDay} min={value.fromDay} onChange={(e) => set({ toDay: e.target.value })} />
      </label>
      <label className={s.filter}>
        <span className={s.label}>Per</span>
        <select className={s.control} value={value.bucket} onChange={(e) => set({ bucket: e.target.value === 'week' ? 'week' : 'day' })}>
          <option value="day">Day</option>
          <option value="week">Week</option>
        </select>
      </label>
      {queues ? (
        <label className={s.filter}>
          <span className={s.label}>Queue</span>
          <select className={s.control} value={value.queueId ?? ''} onChange={(e) => set({ queueId: e.target.value ? Number(e.target.value) : null })}>
            <option value="">All queues</option>
            {queues
              .filter((q) => q.access_type !== 'restricted' || q.is_member || q.open_alerts !== null)
              .map((q) => (
                <option key={q.id} value={q.id}>
                  {q.title}
                </option>
              ))}
          </select>
        </label>
      ) : null}
      {!filterValid(value) ? (
        <p role="alert" className={s.muted}>
          From must be on or before To.
        </p>
      ) : null}
    </div>
  );
}
