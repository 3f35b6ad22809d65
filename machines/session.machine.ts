import { sessionSetup } from './session.setup';
import { accessDeniedDescription } from './session.utils';

export * from './session.types';
export * from './session.utils';

/**
 * The agent's session (spec part 1, section 4 "Session").
 *
 * restoring  tries the refresh cookie once at start
 * signedOut  waits for session.signedIn (magic-link exchange or identity-provider login)
 * signedIn   parallel: permissions (loadAgent), tokenCheck, sleepCheck, inactivity, renewal
 * loggingOut calls the server's logout (failures ignored), then clears tokens and redirects
 *
 * Every side effect is a named action or actor the app provides with `.provide()`; the wall clock
 * comes in as `input.now` and timers run on the actor's clock, so tests drive both.
 */
export const sessionMachine = sessionSetup.createMachine({
  id: 'session',
  context: ({ input }) => ({
    now: input.now,
    token: null,
    connection: null,
    inactivity: null,
    permissionsLoading: false,
    lastActivityAt: 0,
    lastSleepCheckAt: 0,
    logoutReason: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restore',
        src: 'refreshToken',
        onDone: {
          target: 'signedIn',
          actions: [
            // The refresh cookie belongs to magic-link sessions, but the server's answer in
            // loadAgent is what decides the connection.
            { type: 'beginSession', params: ({ event }) => ({ token: event.output, connection: null }) },
            { type: 'storeToken', params: ({ event }) => event.output },
          ],
        },
        onError: 'signedOut',
      },
      on: {
        // A token exchange that finishes while the refresh is in flight wins.
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'beginSession', params: ({ event }) => ({ token: event.token, connection: event.connection }) },
            { type: 'storeToken', params: ({ event }) => event.token },
          ],
        },
      },
    },
    signedOut: {
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: [
            { type: 'beginSession', params: ({ event }) => ({ token: event.token, connection: event.connection }) },
            { type: 'storeToken', params: ({ event }) => event.token },
          ],
        },
      },
    },
    signedIn: {
      type: 'parallel',
      entry: 'startClocks',
      on: {
        'session.activity': { actions: 'recordActivity' },
        'session.logout': { target: 'loggingOut', actions: { type: 'setLogoutReason', params: 'user' } },
      },
      states: {
        permissions: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadAgent',
                src: 'loadAgent',
                onDone: {
                  target: 'loaded',
                  actions: { type: 'applyAgentSettings', params: ({ event }) => event.output },
                },
                // Without the agent the console can authorize nothing and cannot apply the
                // organisation's inactivity policy: fail closed.
                onError: {
                  target: '#session.loggingOut',
                  actions: { type: 'setLogoutReason', params: 'agentLoadFailed' },
                },
              },
            },
            loaded: {},
          },
        },
        tokenCheck: {
          initial: 'watching',
          states: {
            watching: {
              after: {
                tokenCheck: [
                  {
                    guard: 'tokenExpired',
                    target: '#session.loggingOut',
                    actions: { type: 'setLogoutReason', params: 'expired' },
                  },
                  { target: 'watching', reenter: true },
                ],
              },
            },
          },
        },
        sleepCheck: {
          initial: 'watching',
          states: {
            watching: {
              after: {
                sleepCheck: [
                  { guard: 'slept', target: 'watching', reenter: true, actions: ['recordSleepCheck', 'requestRenewal'] },
                  { target: 'watching', reenter: true, actions: 'recordSleepCheck' },
                ],
              },
            },
          },
        },
        inactivity: {
          initial: 'pending',
          states: {
            // Waits for the agent's settings.
            pending: {
              always: [
                { guard: 'inactivityEnabled', target: 'watching' },
                { guard: 'permissionsLoaded', target: 'off' },
              ],
            },
            watching: {
              after: {
                inactivityCheck: [
                  {
                    guard: 'inactive',
                    target: '#session.loggingOut',
                    actions: { type: 'setLogoutReason', params: 'inactivity' },
                  },
                  { target: 'watching', reenter: true },
                ],
              },
            },
            off: {},
          },
        },
        renewal: {
          initial: 'pending',
          states: {
            // Waits for the agent's settings: the server's connection decides the method.
            pending: {
              always: { guard: 'permissionsLoaded', target: 'choosing' },
            },
            choosing: {
              always: [{ guard: 'hasRenewalMethod', target: 'scheduled' }, { target: 'off' }],
            },
            // Entered afresh after every renewal, so the delay follows the newest token.
            scheduled: {
              after: { renewal: 'renewing' },
              on: { 'session.renew': 'renewing' },
            },
            renewing: {
              always: [{ guard: 'renewsWithRefreshToken', target: 'refreshing' }, { target: 'renewingSilently' }],
            },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'refreshToken',
                onDone: {
                  target: 'scheduled',
                  actions: [
                    { type: 'acceptToken', params: ({ event }) => event.output },
                    { type: 'storeToken', params: ({ event }) => event.output },
                  ],
                },
                onError: {
                  target: '#session.loggingOut',
                  actions: { type: 'setLogoutReason', params: 'refreshFailed' },
                },
              },
            },
            renewingSilently: {
              invoke: {
                id: 'renewSilently',
                src: 'renewSilently',
                onDone: {
                  target: 'scheduled',
                  actions: [
                    { type: 'acceptToken', params: ({ event }) => event.output },
                    { type: 'storeToken', params: ({ event }) => event.output },
                  ],
                },
                onError: [
                  {
                    guard: { type: 'isAccessDenied', params: ({ event }) => ({ error: event.error }) },
                    target: '#session.loggingOut',
                    actions: [
                      { type: 'storeAccessDenied', params: ({ event }) => accessDeniedDescription(event.error) },
                      { type: 'setLogoutReason', params: 'accessDenied' },
                    ],
                  },
                  {
                    target: '#session.loggingOut',
                    actions: { type: 'setLogoutReason', params: 'renewalFailed' },
                  },
                ],
              },
            },
            // No renewal for this connection: the token check ends the session at expiry.
            off: {},
          },
        },
      },
    },
    // Leaving signedIn cancels its timers and actors. The server call needs the bearer token,
    // so the tokens are cleared only when it has answered (or timed out).
    loggingOut: {
      invoke: {
        id: 'logoutCall',
        src: 'logoutCall',
        input: ({ context }) => ({ jwt: context.token?.jwt ?? null }),
        onDone: 'signedOut',
        onError: 'signedOut',
      },
      after: { logoutTimeout: 'signedOut' },
      exit: [
        'clearTokens',
        {
          type: 'redirectToLogin',
          params: ({ context }) => ({ inactivity: context.logoutReason === 'inactivity' }),
        },
        'forgetSession',
      ],
    },
  },
});
