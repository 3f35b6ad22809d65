// Attaching (POST /attachments) and deleting (DELETE /attachments/{id}) documents. Any document list
// may hold the document (documentKeys.all: an entity's lists its instruments' documents too); an
// owner that carries its documents itself (a transaction, an instrument) is read again as well.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { instrumentKeys } from '../instruments/keys';
import { transactionKeys } from '../transactions/keys';
import { documentKeys } from './keys';

export type AttachmentOwnerType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ALERT' | 'CASE';

/** The record whose documents change. */
export interface DocumentOwner {
  type: AttachmentOwnerType;
  id: number;
}

function refreshOwner(client: QueryClient, owner: DocumentOwner) {
  void client.invalidateQueries({ queryKey: documentKeys.all });
  if (owner.type === 'TRANSACTION') void client.invalidateQueries({ queryKey: transactionKeys.detail(owner.id) });
  if (owner.type === 'INSTRUMENT') void client.invalidateQueries({ queryKey: instrumentKeys.detail(owner.id) });
}

/** Deletes one of the owner's documents (or, on an entity, one of its instruments'). */
export function useDeleteAttachmentMutation(owner: DocumentOwner) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/attachments/{id}', { params: { path: { id } } })),
    onSuccess: ({ id }) => {
      client.removeQueries({ queryKey: documentKeys.content(id) });
      refreshOwner(client, owner);
    },
  });
}

/** Attaches the file's bytes under its own media type. */
export function useAttachDocumentMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ owner, file, mime }: { owner: DocumentOwner; file: File; mime: string }) =>
      unwrap(
        api.POST('/api/attachments', {
          params: { query: { object_type: owner.type, object_id: owner.id, name: file.name } },
          headers: { 'Content-Type': mime },
          // The contract types a binary body as a string; the File itself is sent, read by the browser.
          body: '',
          bodySerializer: () => file,
        }),
      ),
    onSuccess: (_doc, { owner }) => refreshOwner(client, owner),
  });
}
