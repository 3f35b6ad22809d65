import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { auditKeys, tagKeys } from '../keys';

export type Tag = components['schemas']['Tag'];
export type TagObjectType = components['schemas']['ObjectType'];

export async function fetchTags(): Promise<Tag[]> {
  const body = await unwrap(api.GET('/api/tags'));
  return body.tags;
}

/** The organisation's tags by title; they change rarely. */
export function useTagsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: tagKeys.list(), queryFn: fetchTags, staleTime: 5 * 60_000, enabled });
}

export interface EditTagsVariables {
  objectType: TagObjectType;
  objectId: number;
  tagIds: number[];
}

/**
 * Replaces an object's tags (POST /api/tags/edit). The caller names the object's own query key to
 * refresh (an alert's or a case's detail), since the tags are read from the object.
 */
export function useEditTagsMutation(invalidate: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ objectType, objectId, tagIds }: EditTagsVariables) =>
      unwrap(api.POST('/api/tags/edit', { body: { object_type: objectType, object_id: objectId, tag_ids: tagIds } })),
    onSuccess: (_data, { objectType, objectId }) => {
      void queryClient.invalidateQueries({ queryKey: invalidate });
      if (objectType === 'ALERT' || objectType === 'CASE') void queryClient.invalidateQueries({ queryKey: auditKeys.list(objectType, objectId) });
    },
  });
}
