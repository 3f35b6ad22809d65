// A customer's CTR data (GET/PUT /api/entities/{id}/ctr-data): what a CTR needs about them that
// their record lacks. A save replaces the cached copy.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';

export type CtrEntityDataInput = components['schemas']['CtrEntityDataInput'];
export type CtrEntityData = components['schemas']['CtrEntityData'];

const ctrDataKey = (id: number) => ['entities', id, 'ctr-data'] as const;

export function useCtrEntityDataQuery(id: number) {
  return useQuery({
    queryKey: ctrDataKey(id),
    queryFn: () => unwrap(api.GET('/api/entities/{id}/ctr-data', { params: { path: { id } } })),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useSaveCtrEntityDataMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CtrEntityDataInput) => unwrap(api.PUT('/api/entities/{id}/ctr-data', { params: { path: { id } }, body })),
    onSuccess: (saved) => client.setQueryData(ctrDataKey(id), saved),
  });
}
