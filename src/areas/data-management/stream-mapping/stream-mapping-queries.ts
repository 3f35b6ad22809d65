// A stream's column mapping per object type (GET/PUT /api/database-connections/streams/{stream}/mappings/{objectType}).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import type { FlatFileObjectType } from '../flat-files/api/flat-file-queries';
import { streamKeys } from '../flat-files/api/keys';

export type StreamMapping = components['schemas']['StreamMapping'];
export type StreamMappingInput = components['schemas']['StreamMappingInput'];

export function useStreamMappingQuery(stream: string | null, objectType: FlatFileObjectType) {
  return useQuery({
    queryKey: streamKeys.mapping(stream ?? '', objectType),
    queryFn: () => unwrap(api.GET('/api/database-connections/streams/{stream}/mappings/{objectType}', { params: { path: { stream: stream!, objectType } } })),
    enabled: stream !== null,
  });
}

export function useSaveStreamMappingMutation(stream: string, objectType: FlatFileObjectType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StreamMappingInput) => unwrap(api.PUT('/api/database-connections/streams/{stream}/mappings/{objectType}', { params: { path: { stream, objectType } }, body })),
    onSuccess: (saved) => {
      client.setQueryData(streamKeys.mapping(stream, objectType), saved);
      // the stream's time zone is shown in the stream list and the upload dialog
      return client.invalidateQueries({ queryKey: streamKeys.list() });
    },
  });
}
