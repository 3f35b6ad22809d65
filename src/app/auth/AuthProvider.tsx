// A minimal implementation of the auth seam: restore the session from the refresh cookie at start,
// renew the access token shortly before it expires, load the agent. The session machine
// (machines/session.machine.ts) replaces these internals without changing `Auth`.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { api, setAccessToken, unwrap } from '../../api/client';
import { agentKeys } from '../../api/keys';
import { useCurrentAgentQuery } from '../../api/queries/current-agent-query';
import { AuthContext, type Auth, type AuthStatus, type ConnectionName, type SessionToken } from './auth-context';

/** Section 9: the magic-link token is renewed 60 s before it expires. */
const RENEW_BEFORE_MS = 60_000;

// One refresh in flight per page. The server rotates refresh tokens and revokes the whole family
// when a spent one is presented, so two concurrent refreshes (StrictMode's double effects, a
// renewal racing the start-up restore) would end the session.
let inFlight: Promise<SessionToken | null> | null = null;
function refreshOnce(): Promise<SessionToken | null> {
  inFlight ??= unwrap(api.GET('/api/agents/refresh-jwt'))
    .then((token) => token, () => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<AuthStatus>('restoring');
  const [token, setToken] = useState<SessionToken | null>(null);
  const started = useRef(false);
  const tokenRef = useRef<SessionToken | null>(null);

  const accept = useCallback((next: SessionToken | null) => {
    setAccessToken(next?.jwt ?? null);
    tokenRef.current = next;
    setToken(next);
    setStatus(next ? 'signedIn' : 'signedOut');
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void refreshOnce().then(accept);
  }, [accept]);

  // Renewal shortly before expiry; a failed renewal signs out.
  useEffect(() => {
    if (!token) return;
    const delay = Math.max(0, token.jwt_expires_at * 1000 - Date.now() - RENEW_BEFORE_MS);
    const timer = window.setTimeout(() => void refreshOnce().then(accept), Math.min(delay, 2_147_483_647));
    return () => window.clearTimeout(timer);
  }, [token, accept]);

  const me = useCurrentAgentQuery(status === 'signedIn');

  // An agent that cannot be loaded (revoked session, deactivated agent) cannot use the console.
  useEffect(() => {
    if (me.error && 'status' in me.error && (me.error.status === 401 || me.error.status === 403)) accept(null);
  }, [me.error, accept]);

  const logout = useCallback(() => {
    // Failures of the logout call are ignored (section 7); the local session ends regardless. The
    // header is explicit because the shared token is cleared right after this line.
    const jwt = tokenRef.current?.jwt;
    if (jwt) void unwrap(api.POST('/api/agents/logout', { headers: { Authorization: `Bearer ${jwt}` } })).catch(() => undefined);
    accept(null);
    queryClient.clear();
  }, [accept, queryClient]);

  const signIn = useCallback(
    (next: SessionToken, _connection: ConnectionName) => {
      queryClient.removeQueries({ queryKey: agentKeys.me() });
      accept(next);
    },
    [accept, queryClient],
  );

  const activity = useCallback(() => {
    // Inactivity logout arrives with the session machine.
  }, []);

  const value = useMemo<Auth>(
    () => ({
      status,
      agent: status === 'signedIn' ? (me.data ?? null) : null,
      permissionsLoading: status === 'signedIn' && me.data === undefined,
      logout,
      signIn,
      activity,
    }),
    [status, me.data, logout, signIn, activity],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
