// Query-key factories for the shell's resources. Areas keep their own factories beside their
// queries (src/areas/<area>/api/keys.ts); these are the ones the shell itself reads.

export const agentKeys = {
  all: ['agents'] as const,
  me: () => [...agentKeys.all, 'me'] as const,
  detail: (id: number) => [...agentKeys.all, 'detail', id] as const,
  /** The organisation's agents for assignee pickers and mentions (GET /api/agents). */
  list: (includeInactive = false) => [...agentKeys.all, 'list', { includeInactive }] as const,
};

/** The organisation's teams (GET /api/user-management/teams); creating or editing a team invalidates teamKeys.all. */
export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
};

/** The organisation's queues (GET /api/queues); queue edits and moves of work change their counts. */
export const queueKeys = {
  all: ['queues'] as const,
  list: () => [...queueKeys.all, 'list'] as const,
};

/**
 * Alerts: the list screen reads pages per filter set; the detail screens read one alert. Any
 * assignment, queue move or status change invalidates alertKeys.lists() (and the alert's detail).
 * The filter object is the list's own type (src/areas/alerts/api), kept opaque here.
 */
export const alertKeys = {
  all: ['alerts'] as const,
  lists: () => [...alertKeys.all, 'list'] as const,
  list: (filters: object) => [...alertKeys.lists(), filters] as const,
  details: () => [...alertKeys.all, 'detail'] as const,
  detail: (id: number) => [...alertKeys.details(), id] as const,
};

/**
 * Cases: the list screen reads pages per filter set; the detail page and the case panel read one
 * case (POST /api/investigations/retrieve/case). Assignment, queue moves, deadline, status, tag,
 * comment and alert changes invalidate caseKeys.detail(id) and caseKeys.lists(). The filter object
 * is the list's own type (src/areas/cases/api), kept opaque here.
 */
export const caseKeys = {
  all: ['cases'] as const,
  lists: () => [...caseKeys.all, 'list'] as const,
  list: (filters: object) => [...caseKeys.lists(), filters] as const,
  details: () => [...caseKeys.all, 'detail'] as const,
  detail: (id: number) => [...caseKeys.details(), id] as const,
  pdf: (id: number) => [...caseKeys.all, 'pdf', id] as const,
};

/** Comments of any commentable object (GET /api/comments/{id}?object_type=). */
export const commentKeys = {
  all: ['comments'] as const,
  list: (objectType: string, objectId: number) => [...commentKeys.all, objectType, objectId] as const,
};

/** The organisation's tags (GET /api/tags). */
export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
};

/** The recorded changes of an alert or case (GET /api/audit-log); every change on it invalidates them. */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (objectType: string, objectId: number) => [...auditKeys.all, objectType, objectId] as const,
};

/** Rule specs (GET /api/detection-models/{id}), read by the alert's condition cards. */
export const ruleKeys = {
  all: ['rules'] as const,
  detail: (id: number) => [...ruleKeys.all, 'detail', id] as const,
};

export const appKeys = {
  all: ['app'] as const,
  version: () => [...appKeys.all, 'version'] as const,
  identityProvider: () => [...appKeys.all, 'identity-provider'] as const,
};

export const orgKeys = {
  all: ['orgs'] as const,
  list: () => [...orgKeys.all, 'list'] as const,
};

export interface NotificationListParams {
  limit: number;
  offset: number;
  unreadOnly: boolean;
}

/** The agent's notifications: the screen and the top-bar popover read lists; marking read changes them all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
};
