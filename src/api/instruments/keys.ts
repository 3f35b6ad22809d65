export const instrumentKeys = {
  all: ['instruments'] as const,
  detail: (id: number) => [...instrumentKeys.all, 'detail', id] as const,
  /** Every page of one instrument's alerts. */
  alertPages: (id: number) => [...instrumentKeys.detail(id), 'alerts'] as const,
  alerts: (id: number, offset: number) => [...instrumentKeys.alertPages(id), offset] as const,
  transactions: (id: number, offset: number) => [...instrumentKeys.detail(id), 'transactions', offset] as const,
};
