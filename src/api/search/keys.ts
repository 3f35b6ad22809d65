/** Global search: one entry per search operation and submitted phrase. */
export const searchKeys = {
  all: ['search'] as const,
  results: (path: string, phrase: string) => [...searchKeys.all, path, phrase] as const,
};
