import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { commentKeys } from './keys';

export type Comment = components['schemas']['Comment'];
export type CommentObjectType = components['schemas']['ObjectType'];

/**
 * Spec part 2, section 7: "GET /comments/{id}: results reversed and sorted by created_at". The
 * answer is reversed and then sorted oldest first (stable, so comments of the same instant keep the
 * server's order), which is how a thread reads.
 */
export function orderComments(comments: readonly Comment[]): Comment[] {
  return [...comments].reverse().sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id);
}

export async function fetchComments(objectType: CommentObjectType, objectId: number): Promise<Comment[]> {
  const body = await unwrap(api.GET('/api/comments/{id}', { params: { path: { id: objectId }, query: { object_type: objectType } } }));
  return orderComments(body.comments);
}

export function useCommentsQuery(objectType: CommentObjectType, objectId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: commentKeys.list(objectType, objectId),
    queryFn: () => fetchComments(objectType, objectId),
    enabled,
  });
}
