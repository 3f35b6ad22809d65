/** The dashboards' sections (GET /api/reporting/{section}) and the dashboard config. */
export interface ReportFilter {
  from: string;
  to: string;
  bucket: 'day' | 'week';
  queue_id: number | null;
}

export const reportingKeys = {
  all: ['reporting'] as const,
  section: (section: string, filter: ReportFilter) => [...reportingKeys.all, 'section', section, filter] as const,
  config: () => [...reportingKeys.all, 'config'] as const,
};
