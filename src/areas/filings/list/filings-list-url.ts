// The Filings list's filters in the address, so Back, reload and a shared link keep them:
// ?type=SAR&status=FINCEN_REJECTED,FILING_FAILED&queue=3 (a FINTRAC list's statuses are FINTRAC's)&reviewer=7&from=2026-10-01&to=2026-10-31&page=2.
// Days are the agent's calendar days; the server is sent the instants they start and end.
import type { FilingListFilters, FilingStatus, ReportType, SarStatus } from '../../../api/filings/list';
import { SAR_LIFECYCLE } from '../../../../machines/sar.machine';
import { agentTimeZone, calendarDay, startOfDay, startOfNextDay } from '../../../lib/time';
import { FINTRAC_STATUSES } from '../fintrac/fintrac-status';

export const REPORT_TYPES: readonly ReportType[] = ['SAR', 'CTR', 'FINTRAC'];

/** Every SAR status, in the order of a SAR's life (the lifecycle machine's list). */
export const SAR_STATUSES: readonly SarStatus[] = SAR_LIFECYCLE;

/** The statuses the list filters by for a report type: FINTRAC's for FINTRAC reports, else the SAR's. */
export const statusesOf = (type: ReportType): readonly FilingStatus[] => (type === 'FINTRAC' ? FINTRAC_STATUSES : SAR_STATUSES);

export interface FilingsListSearch {
  reportType: ReportType;
  statuses: FilingStatus[];
  queueId: number | null;
  reviewerId: number | null;
  /** calendar days, both included */
  from: string | null;
  to: string | null;
  /** from 0 */
  page: number;
}

export const NO_FILTERS: Omit<FilingsListSearch, 'reportType'> = { statuses: [], queueId: null, reviewerId: null, from: null, to: null, page: 0 };

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2147483647 ? n : null;
};

export function parseFilingsSearch(search: string, defaultType: ReportType = 'SAR'): FilingsListSearch {
  const p = new URLSearchParams(search);
  const type = p.get('type');
  const statuses = (p.get('status') ?? '').split(',');
  const page = positive(p.get('page'));
  const reportType = REPORT_TYPES.find((t) => t === type) ?? defaultType;
  return {
    reportType,
    statuses: statusesOf(reportType).filter((s) => statuses.includes(s)),
    queueId: positive(p.get('queue')),
    reviewerId: positive(p.get('reviewer')),
    from: calendarDay(p.get('from')),
    to: calendarDay(p.get('to')),
    page: page === null ? 0 : Math.min(page - 1, 100_000),
  };
}

export function formatFilingsSearch(f: FilingsListSearch): string {
  const p = new URLSearchParams();
  if (f.reportType !== 'SAR') p.set('type', f.reportType);
  if (f.statuses.length) p.set('status', f.statuses.join(','));
  if (f.queueId !== null) p.set('queue', String(f.queueId));
  if (f.reviewerId !== null) p.set('reviewer', String(f.reviewerId));
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.page > 0) p.set('page', String(f.page + 1));
  const qs = p.toString();
  return qs ? `?${qs}` : '';
}

export const hasFilters = (f: FilingsListSearch) => f.statuses.length > 0 || f.queueId !== null || f.reviewerId !== null || f.from !== null || f.to !== null;

/** What the server is asked for. */
export function listFilters(f: FilingsListSearch, timeZone: string = agentTimeZone()): FilingListFilters {
  return {
    reportType: f.reportType,
    statuses: f.statuses,
    queueId: f.queueId,
    reviewerId: f.reviewerId,
    createdFrom: f.from ? startOfDay(f.from, timeZone) : null,
    createdTo: f.to ? startOfNextDay(f.to, timeZone) : null,
  };
}
