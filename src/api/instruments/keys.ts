export const instrumentKeys = {
  all: ['instruments'] as const,
  detail: (id: number) => [...instrumentKeys.all, 'detail', id] as const,
  alerts: (id: number, offset: number) => [...instrumentKeys.detail(id), 'alerts', offset] as const,
  transactions: (id: number, offset: number) => [...instrumentKeys.detail(id), 'transactions', offset] as const,
};
