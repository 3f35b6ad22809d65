// Revealing a censored-but-viewable value (POST /api/censorship/reveal, spec part 2, section 3).
// The server answers the one value and records the look in the audit log.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { auditKeys } from '../audit/keys';
import { api, unwrap } from '../client';

export type RevealRequest = components['schemas']['RevealCensoredFieldRequest'];

export function useRevealMutation(target: RevealRequest) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/censorship/reveal', { body: target })),
    // an alert's audit trail lists the reveal
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: auditKeys.list(target.object_type, target.object_id) }),
  });
}
