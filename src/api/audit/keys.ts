// Query keys of recorded changes: those of one alert or case (GET /api/audit-log), which every
// change on it invalidates, and the pages of the organisation's audit log (GET /api/audit-log/entries).
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (objectType: string, objectId: number) => [...auditKeys.all, objectType, objectId] as const,
  /** The query is the call's own parameters (filters and offset), opaque here. */
  entries: (query: object) => [...auditKeys.all, 'entries', query] as const,
};
