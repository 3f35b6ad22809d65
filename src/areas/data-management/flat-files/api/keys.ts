// Query keys of flat-file ingestion: the file list, one file, its row errors, the streams, their
// mappings and the time zones. Mutations invalidate exactly what they change.
import type { FlatFileObjectType } from './flat-file-queries';

export const flatFileKeys = {
  all: ['flat-files'] as const,
  lists: () => [...flatFileKeys.all, 'list'] as const,
  list: (limit: number, offset: number) => [...flatFileKeys.lists(), { limit, offset }] as const,
  detail: (id: number) => [...flatFileKeys.all, 'detail', id] as const,
  /** `run` names the execution and its state, so a run that moves on is read afresh */
  errors: (id: number, limit: number, run: string) => [...flatFileKeys.all, 'errors', id, limit, run] as const,
  columns: (id: number) => [...flatFileKeys.all, 'columns', id] as const,
};

export const streamKeys = {
  all: ['streams'] as const,
  list: () => [...streamKeys.all, 'list'] as const,
  mapping: (stream: string, objectType: FlatFileObjectType) => [...streamKeys.all, 'mapping', stream, objectType] as const,
  timezones: () => [...streamKeys.all, 'timezones'] as const,
};
