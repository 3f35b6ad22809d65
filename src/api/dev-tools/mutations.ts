// The developer tools' writes: a feature flag, and the request tool's call to any path.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { agentKeys } from '../agents/keys';
import { api, unwrap } from '../client';
import { devToolsKeys } from './keys';

/**
 * Turns a flag on or off. The answer replaces the organisation's list; when the organisation is the
 * one the console works in, the agent is refetched so guards and flag-driven screens follow at once.
 */
export function useSetFeatureFlagMutation(currentOrgId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: components['schemas']['FeatureFlagUpdate']) => unwrap(api.PUT('/api/dev-tools/feature-flags', { body })),
    onSuccess: async (list) => {
      client.setQueryData(devToolsKeys.flags(list.org_id), list);
      void client.invalidateQueries({ queryKey: devToolsKeys.audit(list.org_id) });
      if (list.org_id === currentOrgId) await client.invalidateQueries({ queryKey: agentKeys.me() });
    },
  });
}

export interface RawAnswer {
  ok: boolean;
  status: number;
  statusText: string;
  /** the body as text; an error body that was JSON is shown as text again */
  raw: string;
}

/**
 * The request tool's call: any method and /api path through the typed client, so the session's
 * token and request id go with it.
 */
export async function sendRawRequest(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: unknown): Promise<RawAnswer> {
  // Any path: the typed client's paths are the contract's, so an arbitrary one is cast on purpose.
  const init = { body, parseAs: 'text' as const };
  const result = await api.request(method.toLowerCase() as 'get', path as never, init as never);
  // openapi-fetch hands an error body back parsed when it is JSON: show it as text again.
  const payload: unknown = result.response.ok ? result.data : result.error;
  const raw = typeof payload === 'string' ? payload : payload === undefined ? '' : JSON.stringify(payload);
  return { ok: result.response.ok, status: result.response.status, statusText: result.response.statusText, raw };
}
