// Query keys of flat-file ingestion: the file list, one file and its row errors. Mutations
// invalidate exactly what they change.
export const flatFileKeys = {
  all: ['flat-files'] as const,
  lists: () => [...flatFileKeys.all, 'list'] as const,
  list: (limit: number, offset: number) => [...flatFileKeys.lists(), { limit, offset }] as const,
  detail: (id: number) => [...flatFileKeys.all, 'detail', id] as const,
  /** every page of a file's errors, whatever the run */
  fileErrors: (id: number) => [...flatFileKeys.all, 'errors', id] as const,
  /** `run` names the execution and its state, so a run that moves on is read afresh */
  errors: (id: number, limit: number, run: string) => [...flatFileKeys.fileErrors(id), limit, run] as const,
};
