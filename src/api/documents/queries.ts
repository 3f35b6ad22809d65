// Document reads through the one client: a document's bytes (our own content URLs need the agent's
// token, which an <img> could not send), and the document lists of an entity, of an entity's check
// transactions and of an alert or a case.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { documentKeys } from './keys';

export type DocumentItem = components['schemas']['Document'];
export type EntityDocument = components['schemas']['EntityDocument'];

/** Our own content URL; any other embed_url is a viewer elsewhere and is embedded as it is. */
const OWN_CONTENT = /^\/api\/attachments\/(\d+)\/content$/;

export const isOwnContent = (doc: Pick<DocumentItem, 'embed_url'>) => (doc.embed_url ? OWN_CONTENT.test(doc.embed_url) : false);

export async function fetchDocumentBlob(id: number, download = false): Promise<Blob> {
  // The contract types a binary answer as a string; the client hands back what parseAs asks for.
  const body: unknown = await unwrap(
    api.GET('/api/attachments/{id}/content', { params: { path: { id }, query: download ? { download } : {} }, parseAs: 'blob' }),
  );
  return body as Blob;
}

/** A document's own bytes, tried again `retry` times `retryDelay` apart; kept while the console runs. */
export function useDocumentContentQuery(doc: DocumentItem | null, { retry, retryDelay }: { retry: number; retryDelay: number }) {
  return useQuery({
    queryKey: documentKeys.content(doc?.id ?? 0),
    queryFn: () => fetchDocumentBlob(doc!.id),
    enabled: doc !== null && isOwnContent(doc),
    retry,
    retryDelay,
    staleTime: Infinity,
  });
}

/** The entity's check transactions with documents (GET /entities/{externalId}/check-image-transactions). */
export function useCheckTransactionsQuery(entityExternalId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: documentKeys.checkTransactions(entityExternalId ?? ''),
    queryFn: () => unwrap(api.GET('/api/entities/{externalId}/check-image-transactions', { params: { path: { externalId: entityExternalId! } } })),
    enabled: enabled && !!entityExternalId,
  });
}

/** The documents of an entity and of its instruments. */
export function useEntityDocumentsQuery(entityId: number | null, enabled = true) {
  return useQuery({
    queryKey: documentKeys.entity(entityId ?? 0),
    queryFn: () => unwrap(api.GET('/api/entities/{id}/documents', { params: { path: { id: entityId! } } })),
    enabled: enabled && entityId !== null,
  });
}

/** The documents attached to an alert or a case (GET /alerts/{id}/documents, /cases/{id}/documents), newest first. */
export function useWorkDocumentsQuery(ownerType: 'ALERT' | 'CASE', id: number) {
  return useQuery({
    queryKey: documentKeys.work(ownerType, id),
    queryFn: () =>
      ownerType === 'CASE'
        ? unwrap(api.GET('/api/cases/{id}/documents', { params: { path: { id } } }))
        : unwrap(api.GET('/api/alerts/{id}/documents', { params: { path: { id } } })),
  });
}
