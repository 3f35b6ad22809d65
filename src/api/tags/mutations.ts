// Replacing an object's tags (POST /api/tags/edit). The tags are read with the object, so the
// object's own query is refreshed: an alert's or a case's detail (and its activity), a transaction
// or an action event (and its latest label edit, which the request recorded or which refused it).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { actionEventKeys } from '../action-events/keys';
import { alertKeys } from '../alerts/keys';
import { auditKeys } from '../audit/keys';
import { caseKeys } from '../cases/keys';
import { api, unwrap } from '../client';
import { labelEditKeys } from '../label-edits/keys';
import { transactionKeys } from '../transactions/keys';
import type { CgdoType } from '../label-edits/queries';
import type { TagObjectType } from './queries';

export interface EditTagsVariables {
  objectType: TagObjectType;
  objectId: number;
  /** the object's external id: the label edits of an entity, instrument, transaction or action event are read by it */
  externalId?: string;
  tagIds: number[];
}

function objectKey(objectType: TagObjectType, objectId: number): readonly unknown[] | null {
  switch (objectType) {
    case 'ALERT':
      return alertKeys.detail(objectId);
    case 'CASE':
      return caseKeys.detail(objectId);
    case 'TRANSACTION':
      return transactionKeys.detail(objectId);
    case 'ACTION_EVENT':
      return actionEventKeys.detail(objectId);
    default:
      return null;
  }
}

const LABELLED: ReadonlySet<TagObjectType> = new Set<CgdoType>(['ENTITY', 'INSTRUMENT', 'TRANSACTION', 'ACTION_EVENT']);

function refreshLabelEdit(queryClient: QueryClient, { objectType, externalId }: EditTagsVariables) {
  if (externalId && LABELLED.has(objectType)) void queryClient.invalidateQueries({ queryKey: labelEditKeys.latest(objectType as CgdoType, externalId) });
}

export function useEditTagsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ objectType, objectId, tagIds }: EditTagsVariables) =>
      unwrap(api.POST('/api/tags/edit', { body: { object_type: objectType, object_id: objectId, tag_ids: tagIds } })),
    onSuccess: (_data, { objectType, objectId }) => {
      const key = objectKey(objectType, objectId);
      if (key) void queryClient.invalidateQueries({ queryKey: key });
      if (objectType === 'ALERT' || objectType === 'CASE') void queryClient.invalidateQueries({ queryKey: auditKeys.list(objectType, objectId) });
    },
    onSettled: (_data, _error, variables) => refreshLabelEdit(queryClient, variables),
  });
}
