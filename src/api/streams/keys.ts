import type { components } from '../../../openapi/schema';

type FlatFileObjectType = components['schemas']['FlatFileObjectType'];

/** Query keys of the ingestion streams: the list, a stream's column mapping per object type and the time zones. */
export const streamKeys = {
  all: ['streams'] as const,
  list: () => [...streamKeys.all, 'list'] as const,
  mapping: (stream: string, objectType: FlatFileObjectType) => [...streamKeys.all, 'mapping', stream, objectType] as const,
  timezones: () => [...streamKeys.all, 'timezones'] as const,
};
