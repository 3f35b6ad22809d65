/** The organisation's tags (GET /api/tags). An object's own tags are read with the object. */
export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
};
