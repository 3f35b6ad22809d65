// The reads of the alert detail page and panel (spec part 2, section 7 "Alerts"). With cold
// storage on, the alert comes through GET /alerts/cached/{id}; otherwise through POST
// /investigations/retrieve/alert. Every read of one alert is keyed under
// alertKeys.detail(id), so a change to the alert refreshes its tabs too.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, ApiError, unwrap } from '../../../../api/client';
import { useColdStorageEnabled } from '../../../../api/cold-storage';
import { alertKeys, ruleKeys } from '../../../../api/keys';

export type Alert = components['schemas']['Alert'];
export type AlertHit = components['schemas']['AlertHit'];
export type Entity = components['schemas']['Entity'];
export type Instrument = components['schemas']['Instrument'];
export type TransactionEvent = components['schemas']['TransactionEvent'];
export type ActionEvent = components['schemas']['ActionEvent'];
export type DetectionModel = components['schemas']['DetectionModel'];
export type AlertDisposition = components['schemas']['AlertDisposition'];

/** Spec part 2, section 9: alert query stale time 1 s; alert hits page size 10. */
export const ALERT_STALE_MS = 1000;
export const HITS_PAGE_SIZE = 10;
/** Not in the spec: rows per page of the alert's linked lists (the calls take up to 100). */
export const LINKED_PAGE_SIZE = 25;

export const alertDetailKeys = {
  alert: (id: number) => alertKeys.detail(id),
  transactions: (id: number, offset: number) => [...alertKeys.detail(id), 'transactions', offset] as const,
  entities: (id: number, offset: number) => [...alertKeys.detail(id), 'entities', offset] as const,
  actionEvents: (id: number, offset: number) => [...alertKeys.detail(id), 'action-events', offset] as const,
  instruments: (id: number, offset: number) => [...alertKeys.detail(id), 'instruments', offset] as const,
  hits: (id: number, offset: number) => [...alertKeys.detail(id), 'hits', offset] as const,
  dispositions: (id: number) => [...alertKeys.detail(id), 'dispositions'] as const,
  pdf: (id: number) => [...alertKeys.detail(id), 'pdf'] as const,
};

/** The full alert; a 404 answer (not in the organisation, or a restricted queue) is "not found". */
export async function fetchAlert(id: number): Promise<Alert> {
  const body = await unwrap(api.POST('/api/investigations/retrieve/alert', { body: { object_type: 'ALERT', object_ids: [id], short: false } }));
  const found = body.results.find((r): r is Alert => r.id === id && 'variable_snapshots' in r);
  // retrieve leaves out ids the caller cannot see, rather than answering 404.
  if (!found) throw new ApiError(404, 'not_found', 'Alert not found');
  return found;
}

/** The alert through the cold-storage cache (GET /alerts/cached/{id}), with its data_loader. */
export async function fetchCachedAlert(id: number): Promise<Alert> {
  return unwrap(api.GET('/api/alerts/cached/{id}', { params: { path: { id } } }));
}

export function useAlertQuery(id: number) {
  const cached = useColdStorageEnabled();
  return useQuery({ queryKey: alertDetailKeys.alert(id), queryFn: () => (cached ? fetchCachedAlert(id) : fetchAlert(id)), staleTime: ALERT_STALE_MS, enabled: id > 0 });
}

const page = (offset: number, limit = LINKED_PAGE_SIZE) => ({ limit, offset });

export function useAlertTransactionsQuery(id: number, offset: number, enabled = true) {
  return useQuery({
    queryKey: alertDetailKeys.transactions(id, offset),
    queryFn: () => unwrap(api.POST('/api/alerts/{id}/transactions', { params: { path: { id } }, body: page(offset) })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAlertEntitiesQuery(id: number, offset: number, enabled = true) {
  return useQuery({
    queryKey: alertDetailKeys.entities(id, offset),
    queryFn: () => unwrap(api.POST('/api/alerts/{id}/entities', { params: { path: { id } }, body: page(offset) })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAlertActionEventsQuery(id: number, offset: number, enabled = true) {
  return useQuery({
    queryKey: alertDetailKeys.actionEvents(id, offset),
    queryFn: () => unwrap(api.POST('/api/alerts/{id}/action-events', { params: { path: { id } }, body: page(offset) })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAlertInstrumentsQuery(id: number, offset: number, enabled = true) {
  return useQuery({
    queryKey: alertDetailKeys.instruments(id, offset),
    queryFn: () => unwrap(api.POST('/api/alerts/{id}/instruments', { params: { path: { id } }, body: page(offset) })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The alert's hits (its updates), newest first, 10 at a time. */
export function useAlertHitsQuery(id: number, offset: number, enabled = true) {
  return useQuery({
    queryKey: alertDetailKeys.hits(id, offset),
    queryFn: () => unwrap(api.POST('/api/alerts/{id}/hits', { params: { path: { id } }, body: page(offset, HITS_PAGE_SIZE) })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A rule's spec (its condition tree). Rules change rarely while an alert is read. */
export function useDetectionModelQuery(ruleId: number, enabled = true) {
  return useQuery({
    queryKey: ruleKeys.detail(ruleId),
    queryFn: () => unwrap(api.GET('/api/detection-models/{id}', { params: { path: { id: ruleId } } })),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** GET /alert/disposition?ids=: the alert's disposition and notes as recorded. */
export function useAlertDispositionQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: alertDetailKeys.dispositions(id),
    queryFn: async () => {
      const body = await unwrap(api.GET('/api/alert/disposition', { params: { query: { ids: String(id) } } }));
      return body.dispositions.find((d) => d.alert_id === id) ?? null;
    },
    enabled,
  });
}

export async function fetchAlertPdf(id: number): Promise<Blob> {
  // The contract types the body as a string; the client hands back what parseAs asks for.
  const body: unknown = await unwrap(api.GET('/api/alerts/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }));
  if (!(body instanceof Blob)) throw new Error('The PDF did not arrive as a file');
  return body;
}

/** The PDF is generated on each request; it is kept only while the page shows it. */
export function useAlertPdfQuery(id: number) {
  return useQuery({ queryKey: alertDetailKeys.pdf(id), queryFn: () => fetchAlertPdf(id), staleTime: 0, gcTime: 0, retry: false });
}
