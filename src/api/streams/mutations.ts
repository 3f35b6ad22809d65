import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { streamKeys } from './keys';

export type StreamMappingInput = components['schemas']['StreamMappingInput'];
type FlatFileObjectType = components['schemas']['FlatFileObjectType'];

/** Saves a stream's mapping; the answer replaces the cached one. */
export function useSaveStreamMappingMutation(stream: string, objectType: FlatFileObjectType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StreamMappingInput) =>
      unwrap(api.PUT('/api/database-connections/streams/{stream}/mappings/{objectType}', { params: { path: { stream, objectType } }, body })),
    onSuccess: (saved) => {
      client.setQueryData(streamKeys.mapping(stream, objectType), saved);
      // the stream's time zone is shown in the stream list and the upload dialog
      return client.invalidateQueries({ queryKey: streamKeys.list() });
    },
  });
}
