// The auth seam backed by the session machine (machines/session.machine.ts). The machine declares
// its effects by name; this provider supplies them (STYLE.md "Machines declare, the app provides")
// and maps the machine's state onto the unchanged `Auth` interface.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { fromPromise } from 'xstate';
import { sessionMachine, type AgentSettings } from '../../../machines/session.machine';
import { setAccessToken } from '../../api/access-token';
import { agentKeys } from '../../api/agents/keys';
import { logoutSession, refreshSession } from '../../api/session/mutations';
import { fetchCurrentAgent, useCurrentAgentQuery } from '../../api/session/queries';
import { writeStorage } from '../../lib/storage';
import { AuthContext, type Auth, type AuthStatus, type ConnectionName, type SessionToken } from './auth-context';
import { ACCESS_DENIED_KEY, ACTIVITY_THROTTLE_MS, loginPath } from './auth.constants';
import { renewWithProvider } from './silent-renewal';

// One refresh in flight per page. The server rotates refresh tokens and revokes the whole family
// when a spent one is presented, so two concurrent refreshes (StrictMode restarting the actor, a
// renewal racing the start-up restore) would end the session.
let inFlight: Promise<SessionToken> | null = null;
function refreshOnce(): Promise<SessionToken> {
  inFlight ??= refreshSession().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The app's implementations of everything the session chart names. */
export function provideSession(queryClient: QueryClient) {
  return sessionMachine.provide({
    actors: {
      refreshToken: fromPromise<SessionToken>(() => refreshOnce()),
      // The provider renews the sign-in in a hidden frame; the new refresh cookie then buys the token.
      // A refusal arrives as { error, error_description }, which the machine reads for access_denied.
      renewSilently: fromPromise<SessionToken>(async () => {
        await renewWithProvider();
        return refreshOnce();
      }),
      loadAgent: fromPromise<AgentSettings>(async () => {
        const agent = await fetchCurrentAgent();
        queryClient.setQueryData(agentKeys.me(), agent);
        return { inactivity: agent.settings.inactivity, connection: agent.connection };
      }),
      // Failures are ignored (section 7): the local session ends regardless. The header is explicit
      // because the shared token is cleared when logging out ends.
      logoutCall: fromPromise<void, { jwt: string | null }>(async ({ input }) => {
        if (!input.jwt) return;
        await logoutSession(input.jwt).catch(() => undefined);
      }),
    },
    actions: {
      storeToken: (_, token) => setAccessToken(token.jwt),
      clearTokens: () => {
        setAccessToken(null);
        queryClient.clear();
      },
      redirectToLogin: (_, { inactivity }) => navigate(loginPath(inactivity), { replace: true }),
      storeAccessDenied: (_, description) => writeStorage('session', ACCESS_DENIED_KEY, description),
    },
  });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Implementations close over the query client only, which is stable for the provider's life.
  const [machine] = useState(() => provideSession(queryClient));
  const session = useActorRef(machine, { input: { now: Date.now } });

  const phase = useSelector(session, (s) => {
    if (s.matches('restoring')) return 'restoring' as const;
    if (s.matches('signedIn')) return 'signedIn' as const;
    // loggingOut counts as signed out at once: the shell goes away while the server call runs.
    return 'signedOut' as const;
  });
  const machineLoading = useSelector(session, (s) => s.context.permissionsLoading);
  const status: AuthStatus = phase;

  // loadAgent seeds the cache; the query keeps the agent fresh (invalidations refetch it).
  const me = useCurrentAgentQuery(status === 'signedIn' && !machineLoading);

  // User input counts as activity for the inactivity logout; throttled, the check runs every 30 s.
  useEffect(() => {
    if (status !== 'signedIn') return;
    let last = 0;
    const onInput = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      session.send({ type: 'session.activity' });
    };
    window.addEventListener('pointerdown', onInput, { capture: true, passive: true });
    window.addEventListener('keydown', onInput, { capture: true, passive: true });
    return () => {
      window.removeEventListener('pointerdown', onInput, { capture: true });
      window.removeEventListener('keydown', onInput, { capture: true });
    };
  }, [status, session]);

  const logout = useCallback(() => session.send({ type: 'session.logout' }), [session]);

  const signIn = useCallback(
    (token: SessionToken, connection: ConnectionName) => {
      queryClient.removeQueries({ queryKey: agentKeys.me() });
      session.send({ type: 'session.signedIn', token, connection });
    },
    [queryClient, session],
  );

  const activity = useCallback(() => session.send({ type: 'session.activity' }), [session]);

  const value = useMemo<Auth>(
    () => ({
      status,
      agent: status === 'signedIn' ? (me.data ?? null) : null,
      permissionsLoading: status === 'signedIn' && (machineLoading || me.data === undefined),
      logout,
      signIn,
      activity,
    }),
    [status, me.data, machineLoading, logout, signIn, activity],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
