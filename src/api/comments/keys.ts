/** Comments of any commentable object (GET /api/comments/{id}?object_type=). */
export const commentKeys = {
  all: ['comments'] as const,
  list: (objectType: string, objectId: number) => [...commentKeys.all, objectType, objectId] as const,
};
