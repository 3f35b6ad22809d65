import { useMutation, useQueryClient } from '@tanstack/react-query';
import { auditKeys } from '../audit/keys';
import { api, unwrap } from '../client';
import { commentKeys } from './keys';
import type { Comment, CommentObjectType } from './queries';

/** Posts a comment; the thread and the object's activity are refetched. */
export function useCreateCommentMutation(objectType: CommentObjectType, objectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => unwrap(api.POST('/api/comments', { body: { object_type: objectType, object_id: objectId, content } })),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(commentKeys.list(objectType, objectId), (old) => (old ? [...old, comment] : old));
      void queryClient.invalidateQueries({ queryKey: commentKeys.list(objectType, objectId) });
      if (objectType === 'ALERT' || objectType === 'CASE') void queryClient.invalidateQueries({ queryKey: auditKeys.list(objectType, objectId) });
    },
  });
}
