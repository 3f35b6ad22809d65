// Query keys of entities. The entity itself is read by internal id; the blocked reasons and
// paginated alerts by external id, as the spec's paths say. Every read of one entity's own lists is
// under detail(id). The entity's documents and check images are documents (src/api/documents).
import type { components } from '../../../openapi/schema';

type TransactionDirection = components['schemas']['TransactionDirection'];

export const entityKeys = {
  all: ['entities'] as const,
  detail: (id: number) => [...entityKeys.all, 'detail', id] as const,
  blockedReasons: (externalId: string) => [...entityKeys.all, 'blocked-reasons', externalId] as const,
  /** Every page of one entity's alerts (an alert created for it changes them all). */
  alertPages: (externalId: string) => [...entityKeys.all, 'alerts', externalId] as const,
  alerts: (externalId: string, offset: number) => [...entityKeys.alertPages(externalId), offset] as const,
  transactions: (id: number, direction: TransactionDirection, offset: number) => [...entityKeys.detail(id), 'transactions', direction, offset] as const,
  actionEvents: (id: number, offset: number) => [...entityKeys.detail(id), 'action-events', offset] as const,
  instruments: (id: number) => [...entityKeys.detail(id), 'instruments'] as const,
  links: (id: number) => [...entityKeys.detail(id), 'links'] as const,
  counterparties: (id: number) => [...entityKeys.detail(id), 'counterparties'] as const,
  locations: (id: number) => [...entityKeys.detail(id), 'locations'] as const,
  /** Entities found by a phrase (the data explorer's entity filter). */
  search: (phrase: string) => [...entityKeys.all, 'search', phrase] as const,
  /** An entity's name and external id, for a filter that names it by id only. */
  option: (id: number) => [...entityKeys.all, 'option', id] as const,
};
