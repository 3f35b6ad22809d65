// Attaching (POST /attachments) and deleting (DELETE /attachments/{id}) documents. Any document list
// may hold the document (documentKeys.all); an owner that carries its documents itself (a
// transaction, an instrument) refetches through the caller's callback.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { documentKeys } from './keys';
import type { DocumentItem } from './queries';

export type AttachmentOwnerType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ALERT' | 'CASE';

export function useDeleteAttachmentMutation(onDeleted?: (id: number) => void) {
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

/** The file's bytes under its own media type. */
export function useAttachDocumentMutation(onAttached?: (doc: DocumentItem) => void) {
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
