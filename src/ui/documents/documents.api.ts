// Document reads and the delete, through the one client. A document's bytes come from its
// embed_url: our own content URLs are loaded with the agent's token (an <img> could not send it) and
// shown from an object URL; any other embed_url is a viewer elsewhere and is embedded as it is.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useObjectUrl } from '../use-object-url';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { PREVIEW_RETRY_MAX, PREVIEW_RETRY_MS } from './documents.constants';

export type DocumentItem = components['schemas']['Document'];
export type TransactionEvent = components['schemas']['TransactionEvent'];

export const documentKeys = {
  all: ['documents'] as const,
  content: (id: number) => ['documents', 'content', id] as const,
  checkTransactions: (entityExternalId: string) => ['documents', 'check-transactions', entityExternalId] as const,
  entity: (entityId: number) => ['documents', 'entity', entityId] as const,
  work: (ownerType: 'ALERT' | 'CASE', id: number) => ['documents', ownerType, id] as const,
};

const OWN_CONTENT = /^\/api\/attachments\/(\d+)\/content$/;

export const isImage = (d: Pick<DocumentItem, 'mime_type'>) => d.mime_type.toLowerCase().startsWith('image/');
export const isCheckImage = (d: Pick<DocumentItem, 'media_type' | 'mime_type'>) => d.media_type === 'CHECK_IMAGE' && isImage(d);

export async function fetchDocumentBlob(id: number, download = false): Promise<Blob> {
  // The contract types a binary answer as a string; the client hands back what parseAs asks for.
  const body: unknown = await unwrap(api.GET('/api/attachments/{id}/content', { params: { path: { id }, query: download ? { download } : {} }, parseAs: 'blob' }));
  return body as Blob;
}

/**
 * The URL a preview shows: an object URL of our own bytes, or the foreign embed_url. The load is
 * tried again up to 10 times, every 10 s (spec part 2, section 4 "Document preview").
 */
export function usePreviewUrl(doc: DocumentItem | null): { url: string | null; loading: boolean; failed: boolean } {
  const own = doc?.embed_url ? OWN_CONTENT.test(doc.embed_url) : false;
  const q = useQuery({
    queryKey: documentKeys.content(doc?.id ?? 0),
    queryFn: () => fetchDocumentBlob(doc!.id),
    enabled: own,
    retry: PREVIEW_RETRY_MAX,
    retryDelay: PREVIEW_RETRY_MS,
    staleTime: Infinity,
  });
  const url = useObjectUrl(q.data);
  if (!doc?.embed_url) return { url: null, loading: false, failed: false };
  if (!own) return { url: doc.embed_url, loading: false, failed: false };
  return { url, loading: q.isPending || (!!q.data && !url), failed: q.isError };
}

/** Saves the document's file under its name. */
export async function downloadDocument(doc: DocumentItem): Promise<void> {
  const blob = await fetchDocumentBlob(doc.id, true);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.name;
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once click() returns; a moment later the URL can go
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The entity's check transactions with documents (GET /entities/{externalId}/check-image-transactions). */
export function useCheckTransactions(entityExternalId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.checkTransactions(entityExternalId ?? ''),
    queryFn: () => unwrap(api.GET('/api/entities/{externalId}/check-image-transactions', { params: { path: { externalId: entityExternalId! } } })),
    enabled: enabled && !!entityExternalId,
  });
}

/** The documents of an entity and of its instruments. */
export function useEntityDocuments(entityId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.entity(entityId ?? 0),
    queryFn: () => unwrap(api.GET('/api/entities/{id}/documents', { params: { path: { id: entityId! } } })),
    enabled: enabled && entityId !== null,
  });
}

/** The documents attached to an alert or a case (GET /alerts/{id}/documents, /cases/{id}/documents), newest first. */
export function useWorkDocuments(ownerType: 'ALERT' | 'CASE', id: number) {
  return useQuery({
    queryKey: documentKeys.work(ownerType, id),
    queryFn: () =>
      ownerType === 'CASE'
        ? unwrap(api.GET('/api/cases/{id}/documents', { params: { path: { id } } }))
        : unwrap(api.GET('/api/alerts/{id}/documents', { params: { path: { id } } })),
  });
}

/** DELETE /attachments/{id}; the owner's queries refetch through `onDeleted`. */
export function useDeleteAttachment(onDeleted?: (id: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/attachments/{id}', { params: { path: { id } } })),
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: documentKeys.content(id) });
      void client.invalidateQueries({ queryKey: documentKeys.all });
      onDeleted?.(id);
    },
  });
}

export type AttachmentOwnerType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ALERT' | 'CASE';

/** POST /attachments: the file's bytes under its own media type; the owner's queries refetch through `onAttached`. */
export function useAttachDocument(onAttached?: (doc: DocumentItem) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerType, ownerId, file, mime }: { ownerType: AttachmentOwnerType; ownerId: number; file: File; mime: string }) =>
      unwrap(
        api.POST('/api/attachments', {
          params: { query: { object_type: ownerType, object_id: ownerId, name: file.name } },
          headers: { 'Content-Type': mime },
          // The contract types a binary body as a string; the File itself is sent, read by the browser.
          body: '',
          bodySerializer: () => file,
        }),
      ),
    onSuccess: (doc) => {
      void client.invalidateQueries({ queryKey: documentKeys.all });
      onAttached?.(doc);
    },
  });
}

