// Alert writes of their own: creating an alert by hand (POST /api/alerts, type MANUAL) from an
// entity, an instrument or a transaction. The new alert is in the alert lists, the queues' counts and
// the alert lists of what it holds; the transactions it holds now have alerts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { entityKeys } from '../entities/keys';
import { instrumentKeys } from '../instruments/keys';
import { queueKeys } from '../queues/keys';
import { transactionKeys } from '../transactions/keys';
import { alertKeys } from './keys';

export type ManualAlertInput = components['schemas']['ManualAlertInput'];

export function useCreateAlertMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualAlertInput) => unwrap(api.POST('/api/alerts', { body })),
    onSuccess: (alert, body) =>
      Promise.all([
        client.invalidateQueries({ queryKey: alertKeys.lists() }),
        client.invalidateQueries({ queryKey: queueKeys.list() }),
        ...alert.entities.map((e) => client.invalidateQueries({ queryKey: entityKeys.alertPages(e.external_id) })),
        ...alert.instruments.map((i) => client.invalidateQueries({ queryKey: instrumentKeys.alertPages(i.id) })),
        ...(body.transaction_ids ?? []).map((id) => client.invalidateQueries({ queryKey: transactionKeys.detail(id) })),
      ]),
  });
}
