import { assign, fromPromise, raise, setup } from 'xstate';
import {
  INACTIVITY_CHECK_MS,
  LOGOUT_CALL_TIMEOUT_MS,
  SLEEP_CHECK_MS,
  SLEEP_THRESHOLD_MS,
  TOKEN_CHECK_MS,
  type AgentSettings,
  type LogoutReason,
  type RedirectToLoginParams,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type SessionToken,
} from './session.types';
import { isAccessDenied, isTokenValid, renewalDelayMs, renewalMethod } from './session.utils';

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`session machine: provide the "${name}" actor with .provide()`));
}

/**
 * Everything the session chart refers to by name. The effects (storeToken, clearTokens,
 * redirectToLogin, storeAccessDenied) and the four actors are placeholders the app replaces with
 * `.provide()`; guards and delays read the wall clock through `context.now`.
 */
export const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actions: {
    // Effects the app provides.
    storeToken: (_, _token: SessionToken) => {},
    clearTokens: () => {},
    redirectToLogin: (_, _params: RedirectToLoginParams) => {},
    storeAccessDenied: (_, _description: string) => {},
    // Context updates.
    beginSession: assign((_, params: { token: SessionToken; connection: SessionContext['connection'] }) => ({
      token: params.token,
      connection: params.connection,
      inactivity: null,
      permissionsLoading: true,
      logoutReason: null,
    })),
    startClocks: assign(({ context }) => ({
      lastActivityAt: context.now(),
      lastSleepCheckAt: context.now(),
    })),
    acceptToken: assign((_, token: SessionToken) => ({ token })),
    applyAgentSettings: assign((_, settings: AgentSettings) => ({
      inactivity: settings.inactivity,
      connection: settings.connection,
      permissionsLoading: false,
    })),
    recordActivity: assign(({ context }) => ({ lastActivityAt: context.now() })),
    recordSleepCheck: assign(({ context }) => ({ lastSleepCheckAt: context.now() })),
    requestRenewal: raise({ type: 'session.renew' }),
    setLogoutReason: assign((_, reason: LogoutReason) => ({ logoutReason: reason })),
    forgetSession: assign({
      token: null,
      connection: null,
      inactivity: null,
      permissionsLoading: false,
    }),
  },
  guards: {
    tokenExpired: ({ context }) => !isTokenValid(context.token, context.now()),
    slept: ({ context }) => context.now() - context.lastSleepCheckAt > SLEEP_THRESHOLD_MS,
    inactive: ({ context }) => context.inactivity !== null && context.now() - context.lastActivityAt >= context.inactivity.time_seconds * 1000,
    permissionsLoaded: ({ context }) => !context.permissionsLoading,
    inactivityEnabled: ({ context }) => context.inactivity?.enabled === true,
    hasRenewalMethod: ({ context }) => renewalMethod(context.connection) !== null,
    renewsWithRefreshToken: ({ context }) => renewalMethod(context.connection) === 'refreshToken',
    isAccessDenied: (_, params: { error: unknown }) => isAccessDenied(params.error),
  },
  actors: {
    refreshToken: fromPromise<SessionToken>(() => notProvided('refreshToken')),
    renewSilently: fromPromise<SessionToken>(() => notProvided('renewSilently')),
    loadAgent: fromPromise<AgentSettings>(() => notProvided('loadAgent')),
    logoutCall: fromPromise<void, { jwt: string | null }>(() => notProvided('logoutCall')),
  },
  delays: {
    tokenCheck: TOKEN_CHECK_MS,
    sleepCheck: SLEEP_CHECK_MS,
    inactivityCheck: INACTIVITY_CHECK_MS,
    renewal: ({ context }) => renewalDelayMs(context.token, context.now()),
    logoutTimeout: LOGOUT_CALL_TIMEOUT_MS,
  },
});
