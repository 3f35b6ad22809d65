import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import {
  DEFAULT_ACCESS_DENIED,
  INACTIVITY_CHECK_MS,
  isTokenValid,
  LOGOUT_CALL_TIMEOUT_MS,
  RENEW_BEFORE_EXPIRY_MS,
  SLEEP_CHECK_MS,
  SLEEP_THRESHOLD_MS,
  sessionMachine,
  TOKEN_CHECK_MS,
  type AgentSettings,
  type SessionContext,
  type SessionEvent,
  type SessionToken,
} from '../../machines/session.machine';

// ---------------------------------------------------------------------------------------------
// The system under test: the real machine in a real actor, its timers on a SimulatedClock, its
// wall clock `now()` = BASE + simulated time + a sleep offset (jumped to simulate a sleeping
// laptop without running any timer), and its external calls replaced by deferred fakes that the
// test resolves or rejects.
// ---------------------------------------------------------------------------------------------

const BASE = Date.UTC(2025, 0, 6, 9, 0, 0);
/** Lifetime of every token the fakes hand out. */
const TOKEN_LIFETIME_S = 600;
/** Wall-clock jump used to simulate sleep: plus the 5 s tick it is > SLEEP_THRESHOLD_MS. */
const SLEEP_JUMP_MS = 20_000;
/** Upper bound for one advance: two hours of one-second steps. */
const MAX_STEPS = 7_200;

type Src = 'refreshToken' | 'renewSilently' | 'loadAgent' | 'logoutCall';
interface Call {
  input: unknown;
  at: number;
  settled: boolean;
  rejectedWith?: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
interface Effect {
  type: 'storeToken' | 'clearTokens' | 'redirectToLogin' | 'storeAccessDenied';
  params?: unknown;
  at: number;
}

/** Lets promise callbacks (the fakes' answers reaching the actor) run. Not a timer. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function createHarness() {
  const clock = new SimulatedClock();
  let offset = 0;
  const now = () => BASE + clock.now() + offset;
  const calls: Record<Src, Call[]> = { refreshToken: [], renewSilently: [], loadAgent: [], logoutCall: [] };
  const effects: Effect[] = [];
  const fired: Array<{ delay: string; at: number }> = [];

  const fake = <TOutput, TInput = unknown>(src: Src) =>
    fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          const call: Call = {
            input,
            at: now(),
            settled: false,
            resolve: (value) => ((call.settled = true), resolve(value as TOutput)),
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the fake rejects with whatever the test gives it (a provider's refusal object too)
            reject: (error) => ((call.settled = true), (call.rejectedWith = error), reject(error)),
          };
          calls[src].push(call);
        }),
    );
  const record = (type: Effect['type']) => (_: unknown, params?: unknown) => {
    effects.push({ type, params, at: now() });
  };

  const machine = sessionMachine.provide({
    actors: {
      refreshToken: fake<SessionToken>('refreshToken'),
      renewSilently: fake<SessionToken>('renewSilently'),
      loadAgent: fake<AgentSettings>('loadAgent'),
      logoutCall: fake<void, { jwt: string | null }>('logoutCall'),
    },
    actions: {
      storeToken: record('storeToken'),
      clearTokens: record('clearTokens'),
      redirectToLogin: record('redirectToLogin'),
      storeAccessDenied: record('storeAccessDenied'),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { now },
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.event') return;
      const match = /^xstate\.after\.([^.]+)\./.exec(inspection.event.type);
      if (match) fired.push({ delay: match[1], at: now() });
    },
  });

  const context = (): SessionContext => actor.getSnapshot().context;
  const pending = (src: Src): Call => {
    const call = calls[src].at(-1);
    if (!call || call.settled) throw new Error(`no pending ${src} call`);
    return call;
  };
  const freshToken = (jwt: string): SessionToken => {
    const nowSeconds = Math.floor(now() / 1000);
    return { jwt, jwt_expires_at: nowSeconds + TOKEN_LIFETIME_S, refresh_token_expires: nowSeconds + 86_400 };
  };

  return {
    clock,
    actor,
    now,
    calls,
    effects,
    context,
    pending,
    freshToken,
    start() {
      actor.start();
    },
    /** The machine sleeps: wall-clock time passes, no timer runs. */
    sleep(ms: number) {
      offset += ms;
    },
    async resolve(src: Src, value?: unknown) {
      pending(src).resolve(value);
      await settle();
    },
    async reject(src: Src, error: unknown) {
      pending(src).reject(error);
      await settle();
    },
    send(event: SessionEvent) {
      actor.send(event);
    },
    /** Runs the simulated clock in 1 s steps (every constant is whole seconds). */
    async advance(ms: number) {
      for (let left = ms; left > 0; left -= 1000) clock.increment(Math.min(1000, left));
      await settle();
    },
    /**
     * Runs the clock in 1 s steps until `done` holds; with keepActive the agent keeps working,
     * so the inactivity check stays quiet while a far-off timer is reached.
     */
    async advanceUntil(done: () => boolean, { keepActive }: { keepActive: boolean }) {
      for (let step = 0; step < MAX_STEPS; step++) {
        if (keepActive && actor.getSnapshot().matches('signedIn')) actor.send({ type: 'session.activity' });
        clock.increment(1000);
        if (done()) return settle();
      }
      throw new Error('the awaited timer never fired');
    },
    /** Index into the fired-timer log, to ask what fired after this point. */
    mark: () => fired.length,
    firedSince: (mark: number, delay: string, when: (at: number) => boolean = () => true) =>
      fired.slice(mark).some((entry) => entry.delay === delay && when(entry.at)),
    effectsOf: (type: Effect['type']) => effects.filter((effect) => effect.type === type),
  };
}
type Harness = ReturnType<typeof createHarness>;

// ---------------------------------------------------------------------------------------------
// The model: the same machine config with its invocations and delayed transitions turned into
// plain events (xstate/graph walks only explicit events). `xstate.done.actor.<id>` and
// `xstate.error.actor.<id>` keep their real names and payloads; `after: { <delay> }` becomes
// `timer.<delay>`. Guards that read the wall clock read the event's case instead
// ({ expired }, { slept }, { inactive }); the harness then makes the wall clock agree.
// ---------------------------------------------------------------------------------------------

interface NodeConfig {
  invoke?: { id?: string; onDone?: unknown; onError?: unknown } | Array<{ id?: string; onDone?: unknown; onError?: unknown }>;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
  [key: string]: unknown;
}

function toModelConfig(node: NodeConfig): NodeConfig {
  const { invoke, after, on, states, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  for (const invocation of [invoke ?? []].flat()) {
    if (!invocation.id) throw new Error('every invocation needs an id to be modelled');
    if (invocation.onDone) events[`xstate.done.actor.${invocation.id}`] = invocation.onDone;
    if (invocation.onError) events[`xstate.error.actor.${invocation.id}`] = invocation.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) events[`timer.${delay}`] = transition;
  return {
    ...rest,
    ...(Object.keys(events).length > 0 ? { on: events } : {}),
    ...(states ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, toModelConfig(child)])) } : {}),
  };
}

const modelConfig: AnyStateMachine = createMachine(toModelConfig(sessionMachine.config as NodeConfig) as Parameters<typeof createMachine>[0]);
const modelMachine = modelConfig.provide({
  ...sessionMachine.implementations,
  guards: {
    ...sessionMachine.implementations.guards,
    tokenExpired: ({ event }: { event: AnyEventObject }) => event.expired === true,
    slept: ({ event }: { event: AnyEventObject }) => event.slept === true,
    inactive: ({ event }: { event: AnyEventObject }) => event.inactive === true,
  },
});

/** Tokens in the model carry only their jwt; the harness hands out real expiries. */
const modelToken = (jwt: string): SessionToken => ({ jwt, jwt_expires_at: 0, refresh_token_expires: 0 });
const AGENTS: AgentSettings[] = [
  { inactivity: { enabled: true, time_seconds: 120 }, connection: 'email' },
  { inactivity: { enabled: false, time_seconds: 0 }, connection: 'saml' },
  { inactivity: { enabled: true, time_seconds: 120 }, connection: 'google-oauth2' },
  { inactivity: { enabled: false, time_seconds: 0 }, connection: 'Username-Password-Authentication' },
];
const PROVIDER_DESCRIPTION = 'Your organisation has been suspended';

const model = createTestModel(modelMachine, {
  input: { now: () => BASE },
  events: [
    { type: 'session.signedIn', token: modelToken('jwt-signed-in'), connection: 'email' },
    { type: 'xstate.done.actor.restore', output: modelToken('jwt-restored') },
    { type: 'xstate.error.actor.restore', error: { status: 401 } },
    ...AGENTS.map((output) => ({ type: 'xstate.done.actor.loadAgent', output })),
    { type: 'xstate.error.actor.loadAgent', error: { status: 500 } },
    { type: 'xstate.done.actor.refresh', output: modelToken('jwt-refreshed') },
    { type: 'xstate.error.actor.refresh', error: { status: 401 } },
    { type: 'xstate.done.actor.renewSilently', output: modelToken('jwt-silent') },
    { type: 'xstate.error.actor.renewSilently', error: { error: 'access_denied' } },
    { type: 'xstate.error.actor.renewSilently', error: { error: 'access_denied', error_description: PROVIDER_DESCRIPTION } },
    { type: 'xstate.error.actor.renewSilently', error: { error: 'login_required' } },
    { type: 'xstate.done.actor.logoutCall' },
    { type: 'xstate.error.actor.logoutCall', error: { status: 500 } },
    { type: 'timer.tokenCheck', expired: true },
    { type: 'timer.sleepCheck', slept: true },
    { type: 'timer.inactivityCheck', inactive: true },
  ],
  filterEvents: (snapshot, event) => {
    const renewalScheduled = snapshot.matches({ signedIn: { renewal: 'scheduled' } });
    switch (event.type) {
      // Only moves lastActivityAt, which the model holds still; the focused tests time it.
      case 'session.activity':
        return false;
      // A detected sleep changes the state only when it starts a renewal.
      case 'timer.sleepCheck':
        return renewalScheduled;
      // With a renewal scheduled, the renewal always comes before expiry; expiry then needs a
      // failed or hanging renewal, which the model reaches through the renewing states.
      case 'timer.tokenCheck':
        return !renewalScheduled;
      default:
        return true;
    }
  },
  // A state is its value, the context that changes behaviour, and the event that moved into it,
  // so every way into a state (renewal by timer, by sleep, by request; each logout cause; each
  // end of the logout call) gets its own path.
  serializeState: (snapshot, event, previous) => {
    const context = snapshot.context as SessionContext;
    const moved = JSON.stringify(snapshot.value) !== JSON.stringify(previous?.value);
    const via = moved ? JSON.stringify(event ?? null) : '';
    return JSON.stringify({
      value: snapshot.value,
      jwt: context.token?.jwt ?? null,
      connection: context.connection,
      inactivity: context.inactivity?.enabled ?? null,
      permissionsLoading: context.permissionsLoading,
      logoutReason: context.logoutReason,
      via,
    });
  },
});

/** Replays a model step on the real actor. */
function eventExecutors(h: Harness) {
  const rebase = (output: unknown) => (output && typeof output === 'object' && 'jwt' in output ? h.freshToken((output as SessionToken).jwt) : output);
  type Step = { event: AnyEventObject };
  return {
    'session.signedIn': ({ event }: Step) => h.send({ type: 'session.signedIn', token: h.freshToken(event.token.jwt), connection: event.connection }),
    'session.activity': () => h.send({ type: 'session.activity' }),
    'session.logout': () => h.send({ type: 'session.logout' }),
    'session.renew': () => h.send({ type: 'session.renew' }),
    'xstate.done.actor.restore': ({ event }: Step) => h.resolve('refreshToken', rebase(event.output)),
    'xstate.error.actor.restore': ({ event }: Step) => h.reject('refreshToken', event.error),
    'xstate.done.actor.refresh': ({ event }: Step) => h.resolve('refreshToken', rebase(event.output)),
    'xstate.error.actor.refresh': ({ event }: Step) => h.reject('refreshToken', event.error),
    'xstate.done.actor.renewSilently': ({ event }: Step) => h.resolve('renewSilently', rebase(event.output)),
    'xstate.error.actor.renewSilently': ({ event }: Step) => h.reject('renewSilently', event.error),
    'xstate.done.actor.loadAgent': ({ event }: Step) => h.resolve('loadAgent', event.output),
    'xstate.error.actor.loadAgent': ({ event }: Step) => h.reject('loadAgent', event.error),
    'xstate.done.actor.logoutCall': () => h.resolve('logoutCall', undefined),
    'xstate.error.actor.logoutCall': ({ event }: Step) => h.reject('logoutCall', event.error),
    // The agent keeps working until a token check runs at or after the token's expiry.
    'timer.tokenCheck': () => {
      const expiresAt = h.context().token!.jwt_expires_at * 1000;
      const mark = h.mark();
      return h.advanceUntil(() => h.firedSince(mark, 'tokenCheck', (at) => at >= expiresAt), { keepActive: true });
    },
    // The laptop sleeps (wall clock jumps, timers do not run), then the next sleep check runs.
    // The agent was active just before, so an inactivity check waking at the same time stays quiet.
    'timer.sleepCheck': () => {
      h.send({ type: 'session.activity' });
      h.sleep(SLEEP_JUMP_MS);
      const mark = h.mark();
      return h.advanceUntil(() => h.firedSince(mark, 'sleepCheck'), { keepActive: false });
    },
    // The agent stops working until an inactivity check finds the configured limit reached.
    'timer.inactivityCheck': () => {
      const { lastActivityAt, inactivity } = h.context();
      const limit = inactivity!.time_seconds * 1000;
      const mark = h.mark();
      return h.advanceUntil(() => h.firedSince(mark, 'inactivityCheck', (at) => at - lastActivityAt >= limit), {
        keepActive: false,
      });
    },
    'timer.renewal': () => {
      const mark = h.mark();
      return h.advanceUntil(() => h.firedSince(mark, 'renewal'), { keepActive: true });
    },
    'timer.logoutTimeout': () => {
      const mark = h.mark();
      return h.advanceUntil(() => h.firedSince(mark, 'logoutTimeout'), { keepActive: false });
    },
  };
}

/** What must hold in the real actor for each state node of the model. */
function stateChecks(h: Harness) {
  const sameValue = (expected: AnyMachineSnapshot) => expect(h.actor.getSnapshot().value).toEqual(expected.value);
  return {
    restoring: (expected: AnyMachineSnapshot) => {
      sameValue(expected);
      expect(h.calls.refreshToken).toHaveLength(1);
      expect(h.effects).toEqual([]);
    },
    signedOut: (expected: AnyMachineSnapshot) => {
      sameValue(expected);
      const context = h.context();
      expect(context).toMatchObject({ token: null, connection: null, inactivity: null, permissionsLoading: false });
      expect(context.logoutReason).toBe(expected.context.logoutReason);
      if (expected.context.logoutReason === null) {
        // The refresh cookie did not restore a session: nothing to clear, nowhere to go.
        expect(h.effects).toEqual([]);
        return;
      }
      expect(h.effects.slice(-2)).toMatchObject([
        { type: 'clearTokens' },
        { type: 'redirectToLogin', params: { inactivity: expected.context.logoutReason === 'inactivity' } },
      ]);
      expect(h.effectsOf('clearTokens')).toHaveLength(1);
      expect(h.calls.logoutCall).toHaveLength(1);
    },
    signedIn: (expected: AnyMachineSnapshot) => {
      sameValue(expected);
      const context = h.context();
      const model = expected.context as SessionContext;
      expect(context.token?.jwt).toBe(model.token?.jwt);
      expect((h.effectsOf('storeToken').at(-1)?.params as SessionToken).jwt).toBe(model.token?.jwt);
      expect(context.connection).toBe(model.connection);
      expect(context.inactivity).toEqual(model.inactivity);
      expect(context.permissionsLoading).toBe(model.permissionsLoading);
      expect(h.effectsOf('clearTokens')).toHaveLength(0);
    },
    'signedIn.permissions.loading': () => {
      expect(h.context().permissionsLoading).toBe(true);
      expect(h.pending('loadAgent')).toBeDefined();
    },
    'signedIn.permissions.loaded': () => {
      expect(h.context().permissionsLoading).toBe(false);
      expect(h.calls.loadAgent.every((call) => call.settled)).toBe(true);
    },
    'signedIn.inactivity.watching': () => expect(h.context().inactivity?.enabled).toBe(true),
    'signedIn.inactivity.off': () => expect(h.context().inactivity?.enabled).toBe(false),
    'signedIn.renewal.scheduled': () => expect(['email', 'google-oauth2', 'saml']).toContain(h.context().connection),
    'signedIn.renewal.off': () => expect(['email', 'google-oauth2', 'saml']).not.toContain(h.context().connection),
    'signedIn.renewal.refreshing': () => {
      expect(h.context().connection).toBe('email');
      expect(h.pending('refreshToken')).toBeDefined();
    },
    'signedIn.renewal.renewingSilently': () => {
      expect(['google-oauth2', 'saml']).toContain(h.context().connection);
      expect(h.pending('renewSilently')).toBeDefined();
    },
    loggingOut: (expected: AnyMachineSnapshot) => {
      sameValue(expected);
      const reason = expected.context.logoutReason;
      expect(h.context().logoutReason).toBe(reason);
      // The server's logout gets the bearer token; nothing is cleared before it answers.
      expect(h.pending('logoutCall').input).toEqual({ jwt: h.context().token?.jwt });
      expect(h.effectsOf('clearTokens')).toHaveLength(0);
      const stored = h.effectsOf('storeAccessDenied');
      if (reason === 'accessDenied') {
        const error = h.calls.renewSilently.at(-1)?.rejectedWith as { error_description?: string };
        expect(stored).toEqual([expect.objectContaining({ params: error.error_description ?? DEFAULT_ACCESS_DENIED })]);
      } else {
        expect(stored).toEqual([]);
      }
    },
  };
}

describe('session machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node but the transient ones, through every event but session.activity', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))));
    const unreached = getStateNodes(modelMachine.root)
      .map((node) => node.id)
      .filter((id) => !reached.has(id));
    expect(unreached).toEqual(['session.signedIn.renewal.choosing', 'session.signedIn.renewal.renewing']);

    const replayed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    const modelled = new Set(getStateNodes(modelMachine.root).flatMap((node) => [...node.transitions.keys()]));
    expect([...modelled].filter((type) => !replayed.has(type))).toEqual(['session.activity']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = createHarness();
      h.start();
      await path.test({ states: stateChecks(h), events: eventExecutors(h) });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Focused behaviour, with exact times.
// ---------------------------------------------------------------------------------------------

const agent = (connection: string, inactivity = { enabled: false, time_seconds: 0 }): AgentSettings => ({
  inactivity,
  connection,
});

/** Starts with no refresh cookie, signs in, and loads the given agent. */
async function signedIn(connection: string, inactivity?: AgentSettings['inactivity']) {
  const h = createHarness();
  h.start();
  await h.reject('refreshToken', { status: 401 });
  const token = h.freshToken('jwt-1');
  h.send({ type: 'session.signedIn', token, connection });
  await h.resolve('loadAgent', agent(connection, inactivity));
  return { h, expiresAt: token.jwt_expires_at * 1000 };
}

describe('session machine: constants', () => {
  it('uses the spec values', () => {
    expect([TOKEN_CHECK_MS, SLEEP_CHECK_MS, SLEEP_THRESHOLD_MS, INACTIVITY_CHECK_MS, RENEW_BEFORE_EXPIRY_MS]).toEqual([30_000, 5_000, 10_000, 30_000, 60_000]);
    expect(DEFAULT_ACCESS_DENIED).toBe('Access Denied');
  });

  it('treats a token as valid only before its expiry', () => {
    const token = { jwt: 'j', jwt_expires_at: 1_000, refresh_token_expires: 2_000 };
    expect(isTokenValid(token, 999_999)).toBe(true);
    expect(isTokenValid(token, 1_000_000)).toBe(false);
    expect(isTokenValid(null, 0)).toBe(false);
  });
});

describe('session machine: restoring', () => {
  it('signs in from the refresh cookie and loads permissions', async () => {
    const h = createHarness();
    h.start();
    expect(h.actor.getSnapshot().matches('restoring')).toBe(true);
    const token = h.freshToken('jwt-restored');
    await h.resolve('refreshToken', token);
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(h.effects).toEqual([expect.objectContaining({ type: 'storeToken', params: token })]);
    expect(h.context().permissionsLoading).toBe(true);
  });

  it('stays signed out without a refresh cookie, and tries only once', async () => {
    const h = createHarness();
    h.start();
    await h.reject('refreshToken', { status: 401 });
    await h.advance(10 * 60_000);
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.calls.refreshToken).toHaveLength(1);
    expect(h.effects).toEqual([]);
  });
});

describe('session machine: permissions', () => {
  it('flags permissionsLoading while loadAgent runs, then clears it', async () => {
    const h = createHarness();
    h.start();
    await h.reject('refreshToken', { status: 401 });
    expect(h.context().permissionsLoading).toBe(false);
    h.send({ type: 'session.signedIn', token: h.freshToken('jwt-1'), connection: 'email' });
    expect(h.context().permissionsLoading).toBe(true);
    await h.resolve('loadAgent', agent('email'));
    expect(h.context().permissionsLoading).toBe(false);
    expect(h.actor.getSnapshot().matches({ signedIn: { permissions: 'loaded' } })).toBe(true);
  });
});

describe('session machine: renewal', () => {
  it('renews an email session through the refresh cookie exactly 60 s before expiry', async () => {
    const { h, expiresAt } = await signedIn('email');
    const due = expiresAt - RENEW_BEFORE_EXPIRY_MS - h.now();
    await h.advance(due - 1);
    expect(h.calls.refreshToken).toHaveLength(1); // the restore attempt only
    await h.advance(1);
    expect(h.calls.refreshToken).toHaveLength(2);
    expect(h.calls.refreshToken[1].at).toBe(expiresAt - RENEW_BEFORE_EXPIRY_MS);

    const renewed = h.freshToken('jwt-2');
    await h.resolve('refreshToken', renewed);
    expect(h.context().token).toEqual(renewed);
    expect(h.effectsOf('storeToken').at(-1)?.params).toEqual(renewed);
    // The next renewal follows the new token.
    await h.advance(renewed.jwt_expires_at * 1000 - RENEW_BEFORE_EXPIRY_MS - h.now());
    expect(h.calls.refreshToken).toHaveLength(3);
    expect(h.calls.renewSilently).toHaveLength(0);
  });

  it.each(['saml', 'google-oauth2'])('renews a %s session silently exactly 60 s before expiry', async (connection) => {
    const { h, expiresAt } = await signedIn(connection);
    await h.advance(expiresAt - RENEW_BEFORE_EXPIRY_MS - h.now() - 1);
    expect(h.calls.renewSilently).toHaveLength(0);
    await h.advance(1);
    expect(h.calls.renewSilently).toHaveLength(1);
    expect(h.calls.renewSilently[0].at).toBe(expiresAt - RENEW_BEFORE_EXPIRY_MS);
    expect(h.calls.refreshToken).toHaveLength(1);
  });

  it('schedules no renewal for another connection; the token check ends the session at expiry', async () => {
    const { h, expiresAt } = await signedIn('Username-Password-Authentication');
    expect(h.actor.getSnapshot().matches({ signedIn: { renewal: 'off' } })).toBe(true);
    h.send({ type: 'session.renew' });
    await h.advance(expiresAt - h.now() - 1);
    expect(h.calls.renewSilently).toHaveLength(0);
    expect(h.calls.refreshToken).toHaveLength(1);
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    // The first token check at or after expiry logs out.
    await h.advance(TOKEN_CHECK_MS);
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(false);
    expect(h.context().logoutReason).toBe('expired');
    expect(h.effectsOf('redirectToLogin')).toEqual([expect.objectContaining({ params: { inactivity: false } })]);
  });

  it('renews on an explicit session.renew', async () => {
    const { h } = await signedIn('email');
    h.send({ type: 'session.renew' });
    expect(h.calls.refreshToken).toHaveLength(2);
  });

  it('logs out when the refresh fails', async () => {
    const { h } = await signedIn('email');
    h.send({ type: 'session.renew' });
    await h.reject('refreshToken', { status: 401 });
    await h.resolve('logoutCall');
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.effectsOf('redirectToLogin')).toEqual([expect.objectContaining({ params: { inactivity: false } })]);
  });
});

describe('session machine: sleep', () => {
  it('renews when more than 10 s of wall-clock time passed between two sleep checks', async () => {
    const { h } = await signedIn('email');
    h.sleep(6_000); // with the 5 s tick: 11 s
    await h.advance(SLEEP_CHECK_MS);
    expect(h.calls.refreshToken).toHaveLength(2);
  });

  it('does not renew when exactly 10 s passed', async () => {
    const { h } = await signedIn('saml');
    h.sleep(5_000); // with the 5 s tick: 10 s
    await h.advance(SLEEP_CHECK_MS);
    expect(h.calls.renewSilently).toHaveLength(0);
    await h.advance(60_000);
    expect(h.calls.renewSilently).toHaveLength(0);
  });

  it('renews silently after sleep for an identity-provider session', async () => {
    const { h } = await signedIn('saml');
    h.sleep(60 * 60_000);
    await h.advance(SLEEP_CHECK_MS);
    expect(h.calls.renewSilently).toHaveLength(1);
  });
});

describe('session machine: inactivity', () => {
  it('logs out when time since last activity reaches time_seconds, with inactivity=true', async () => {
    const { h } = await signedIn('email', { enabled: true, time_seconds: 60 });
    const start = h.now();
    await h.advance(59_000);
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    await h.advance(1_000);
    expect(h.actor.getSnapshot().value).toBe('loggingOut');
    expect(h.now() - start).toBe(60_000);
    await h.resolve('logoutCall');
    expect(h.effects.slice(-2)).toMatchObject([{ type: 'clearTokens' }, { type: 'redirectToLogin', params: { inactivity: true } }]);
  });

  it('counts from the last session.activity', async () => {
    const { h } = await signedIn('email', { enabled: true, time_seconds: 60 });
    await h.advance(45_000);
    h.send({ type: 'session.activity' });
    await h.advance(60_000); // checks at 60 s (15 s idle) and 90 s (45 s idle)
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(true);
    await h.advance(30_000); // check at 120 s: 75 s idle
    expect(h.actor.getSnapshot().matches('signedIn')).toBe(false);
    expect(h.context().logoutReason).toBe('inactivity');
  });

  it('never logs out for inactivity when the settings disable it', async () => {
    const { h } = await signedIn('saml', { enabled: false, time_seconds: 60 });
    await h.advance(5 * 60_000);
    expect(h.actor.getSnapshot().matches({ signedIn: { inactivity: 'off' } })).toBe(true);
  });
});

describe('session machine: silent renewal access_denied', () => {
  async function deny(error: unknown) {
    const { h } = await signedIn('saml');
    h.send({ type: 'session.renew' });
    await h.reject('renewSilently', error);
    return h;
  }

  it('stores "Access Denied" by default, then logs out', async () => {
    const h = await deny({ error: 'access_denied' });
    expect(h.effectsOf('storeAccessDenied')).toEqual([expect.objectContaining({ params: 'Access Denied' })]);
    expect(h.actor.getSnapshot().value).toBe('loggingOut');
    await h.resolve('logoutCall');
    expect(h.effects.map((effect) => effect.type).slice(-3)).toEqual(['storeAccessDenied', 'clearTokens', 'redirectToLogin']);
  });

  it("stores the provider's description when given", async () => {
    const h = await deny({ error: 'access_denied', error_description: PROVIDER_DESCRIPTION });
    expect(h.effectsOf('storeAccessDenied')).toEqual([expect.objectContaining({ params: PROVIDER_DESCRIPTION })]);
  });

  it('logs out without a stored message on other errors', async () => {
    const h = await deny({ error: 'login_required' });
    expect(h.effectsOf('storeAccessDenied')).toEqual([]);
    expect(h.context().logoutReason).toBe('renewalFailed');
  });
});

describe('session machine: logout', () => {
  it('clears tokens and redirects even when the logout call fails', async () => {
    const { h } = await signedIn('email');
    h.send({ type: 'session.logout' });
    expect(h.pending('logoutCall').input).toEqual({ jwt: 'jwt-1' });
    expect(h.effectsOf('clearTokens')).toHaveLength(0);
    await h.reject('logoutCall', new Error('network down'));
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.effectsOf('clearTokens')).toHaveLength(1);
    expect(h.effectsOf('redirectToLogin')).toEqual([expect.objectContaining({ params: { inactivity: false } })]);
    expect(h.context().token).toBeNull();
  });

  it('does not wait more than LOGOUT_CALL_TIMEOUT_MS for a hanging logout call', async () => {
    const { h } = await signedIn('email');
    h.send({ type: 'session.logout' });
    await h.advance(LOGOUT_CALL_TIMEOUT_MS - 1_000);
    expect(h.actor.getSnapshot().value).toBe('loggingOut');
    await h.advance(1_000);
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.effectsOf('clearTokens')).toHaveLength(1);
  });

  it('leaves no timer running once signed out', async () => {
    const { h } = await signedIn('email', { enabled: true, time_seconds: 60 });
    h.send({ type: 'session.logout' });
    await h.resolve('logoutCall');
    const effects = h.effects.length;
    await h.advance(60 * 60_000);
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.effects).toHaveLength(effects);
    expect(h.calls.refreshToken).toHaveLength(1);
    expect(h.calls.logoutCall).toHaveLength(1);
  });

  it('signs in again after a logout with a clean session', async () => {
    const { h } = await signedIn('email', { enabled: true, time_seconds: 60 });
    h.send({ type: 'session.logout' });
    await h.resolve('logoutCall');
    h.send({ type: 'session.signedIn', token: h.freshToken('jwt-2'), connection: 'saml' });
    expect(h.context()).toMatchObject({ connection: 'saml', inactivity: null, permissionsLoading: true, logoutReason: null });
  });
});
