// The instrument's status changes (lock, unlock, deactivate). A change answers the instrument, which
// replaces the cached one; the owner's instrument list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { entityKeys } from '../entities/keys';
import { instrumentKeys } from './keys';

export type InstrumentAction = 'lock' | 'unlock' | 'deactivate';

function callAction(id: number, action: InstrumentAction) {
  const params = { params: { path: { id } } };
  switch (action) {
    case 'lock':
      return unwrap(api.POST('/api/instruments/{id}/lock', params));
    case 'unlock':
      return unwrap(api.POST('/api/instruments/{id}/unlock', params));
    case 'deactivate':
      return unwrap(api.POST('/api/instruments/{id}/deactivate', params));
  }
}

export function useInstrumentActionMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: InstrumentAction) => callAction(id, action),
    onSuccess: (instrument) => {
      client.setQueryData(instrumentKeys.detail(id), instrument);
      if (instrument.entity_id) void client.invalidateQueries({ queryKey: entityKeys.instruments(instrument.entity_id) });
    },
  });
}
