// The ingestion streams: the list, the time zones a stream may use and a stream's column mapping
// per object type (GET /api/database-connections/streams/{stream}/mappings/{objectType}).
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { streamKeys } from './keys';

export type Stream = components['schemas']['Stream'];
export type StreamMapping = components['schemas']['StreamMapping'];
type FlatFileObjectType = components['schemas']['FlatFileObjectType'];

export function useStreamsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: streamKeys.list(),
    queryFn: async () => (await unwrap(api.GET('/api/database-connections/streams'))).streams,
    enabled: options.enabled ?? true,
  });
}

/** The stream time-zone picker's list; it changes only with a release. */
export function useTimezonesQuery() {
  return useQuery({
    queryKey: streamKeys.timezones(),
    queryFn: async () => (await unwrap(api.GET('/api/database-connections/streams/get_timezones'))).timezones,
    staleTime: Infinity,
  });
}

export function useStreamMappingQuery(stream: string | null, objectType: FlatFileObjectType) {
  return useQuery({
    queryKey: streamKeys.mapping(stream ?? '', objectType),
    queryFn: () => unwrap(api.GET('/api/database-connections/streams/{stream}/mappings/{objectType}', { params: { path: { stream: stream!, objectType } } })),
    enabled: stream !== null,
  });
}
