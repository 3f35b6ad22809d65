/** The tables an agent arranges (the server answers 404 for any other). */
export type ColumnTableId = 'transactions' | 'action_events' | 'entities' | 'instruments' | 'alerts' | 'cases' | 'sars';

/** The agent's column layout of one table (GET|PUT|DELETE /api/column-layouts/{tableId}). */
export const columnLayoutKeys = {
  all: ['column-layouts'] as const,
  detail: (tableId: ColumnTableId) => [...columnLayoutKeys.all, tableId] as const,
};
