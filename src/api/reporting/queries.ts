import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { reportingKeys, type ReportFilter } from './keys';

export type ReportSection = components['schemas']['ReportSection'];
export type ReportChart = components['schemas']['ReportChart'];
export type DashboardConfig = components['schemas']['DashboardConfig'];
export type DashboardSectionId = components['schemas']['DashboardSectionId'];
export type ChartType = components['schemas']['ChartType'];

const PATHS = {
  kpis: '/api/reporting/kpis',
  alerts: '/api/reporting/alerts',
  cases: '/api/reporting/cases',
  sars: '/api/reporting/sars',
} as const;

async function fetchSection(section: DashboardSectionId, filter: ReportFilter): Promise<ReportSection> {
  const query = { from: filter.from, to: filter.to, bucket: filter.bucket, ...(filter.queue_id ? { queue_id: filter.queue_id } : {}) };
  return unwrap(api.GET(PATHS[section], { params: { query } }));
}

/** One dashboard section's charts over the filter's range and queue. */
export function useReportSectionQuery(section: DashboardSectionId, filter: ReportFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: reportingKeys.section(section, filter),
    queryFn: () => fetchSection(section, filter),
    // a changed range or queue keeps the charts drawn until the new numbers come
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** The caller's dashboard config (their own, else the organisation's, else the defaults). */
export function useDashboardConfigQuery() {
  return useQuery({
    queryKey: reportingKeys.config(),
    queryFn: () => unwrap(api.GET('/api/reporting/dashboard-config')),
    staleTime: 300_000,
  });
}
