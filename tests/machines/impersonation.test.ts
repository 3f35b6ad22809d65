import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import {
  CANCEL_FAILED,
  EMPTY_FORM,
  fieldsForReason,
  IMPERSONATION_REASONS,
  impersonationErrors,
  impersonationMachine,
  START_FAILED,
  startRequest,
  type ImpersonationContext,
  type ImpersonationEvent,
  type ImpersonationInput,
  type ImpersonationStartRequest,
} from '../../machines/impersonation.machine';

// ---------------------------------------------------------------------------------------------
// The system under test: the real machine in a real actor; its two calls are fakes that record
// what they were asked and hand the test their sendBack, so the test plays the server's answer.
// ---------------------------------------------------------------------------------------------

function createHarness(input: ImpersonationInput) {
  const starts: { request: ImpersonationStartRequest; stopped: boolean; sendBack: (e: ImpersonationEvent) => void }[] = [];
  const cancels: { logId: number; stopped: boolean; sendBack: (e: ImpersonationEvent) => void }[] = [];
  let resets = 0;
  const machine = impersonationMachine.provide({
    actors: {
      startImpersonation: fromCallback<ImpersonationEvent, ImpersonationStartRequest>(({ input: request, sendBack }) => {
        const call = { request, stopped: false, sendBack };
        starts.push(call);
        return () => void (call.stopped = true);
      }),
      cancelImpersonation: fromCallback<ImpersonationEvent, { impersonationLogId: number }>(({ input: { impersonationLogId }, sendBack }) => {
        const call = { logId: impersonationLogId, stopped: false, sendBack };
        cancels.push(call);
        return () => void (call.stopped = true);
      }),
    },
    actions: { resetApp: () => void resets++ },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    starts,
    cancels,
    running: <T extends { stopped: boolean }>(calls: T[]) => calls.filter((c) => !c.stopped),
    resets: () => resets,
    snapshot: () => actor.getSnapshot(),
  };
}
type Harness = ReturnType<typeof createHarness>;

// ---------------------------------------------------------------------------------------------
// The model: the machine's own config without its invokes (their answers are events of their own;
// xstate/graph walks explicit events only), with the machine's guards and actions.
// ---------------------------------------------------------------------------------------------

interface NodeConfig {
  invoke?: unknown;
  states?: Record<string, NodeConfig>;
  [key: string]: unknown;
}

function withoutInvokes(node: NodeConfig): NodeConfig {
  const { invoke: _invoke, states, ...rest } = node;
  return { ...rest, ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, withoutInvokes(v)])) } : {}) };
}

const modelMachine: AnyStateMachine = createMachine(withoutInvokes(impersonationMachine.config as NodeConfig) as Parameters<typeof createMachine>[0]).provide(
  impersonationMachine.implementations as never,
);

// Two organisations (to change the organisation with an agent chosen, and to choose the same
// one again), each reason, each text field filled and left blank (whitespace), and every answer.
const EVENTS: ImpersonationEvent[] = [
  { type: 'org.select', orgId: 1 },
  { type: 'org.select', orgId: 2 },
  { type: 'org.select', orgId: null },
  { type: 'agent.select', agentId: 7 },
  { type: 'agent.select', agentId: null },
  ...IMPERSONATION_REASONS.map((reason) => ({ type: 'reason.select' as const, reason })),
  ...(['supportTicketId', 'details', 'changeDetails', 'screenShareDetails'] as const).flatMap((field) => [
    { type: 'field.change' as const, field, value: `${field} text` },
    { type: 'field.change' as const, field, value: '   ' },
  ]),
  { type: 'form.submit' },
  { type: 'start.succeeded', impersonationLogId: 91 },
  { type: 'start.failed' },
  { type: 'impersonation.cancel' },
  { type: 'cancel.succeeded' },
  { type: 'cancel.failed' },
];

/**
 * A state is what the agent can tell apart: the machine's state, whether an organisation and an
 * agent are chosen, the reason, which of the shown fields are still empty, whether messages show,
 * and the failure. (Text typed into a field the reason hides does not make a new state.)
 */
function serialize(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ImpersonationContext;
  return JSON.stringify({
    value: snapshot.value,
    org: c.form.orgId !== null,
    agent: c.form.agentId !== null,
    reason: c.form.reason,
    missing: Object.keys(impersonationErrors(c.form)).sort(),
    submitted: c.submitted,
    failure: c.failure,
  });
}

function executors(h: Harness) {
  type Step = { event: AnyEventObject };
  const fromCall =
    (calls: { stopped: boolean; sendBack: (e: ImpersonationEvent) => void }[]) =>
    ({ event }: Step) => {
      const [call] = h.running(calls);
      if (!call) throw new Error(`no call is running for ${event.type}`);
      call.sendBack(event as ImpersonationEvent);
    };
  const send = ({ event }: Step) => h.actor.send(event as ImpersonationEvent);
  return {
    'org.select': send,
    'agent.select': send,
    'reason.select': send,
    'field.change': send,
    'form.submit': send,
    'impersonation.cancel': send,
    'start.succeeded': fromCall(h.starts),
    'start.failed': fromCall(h.starts),
    'cancel.succeeded': fromCall(h.cancels),
    'cancel.failed': fromCall(h.cancels),
  };
}

/** The rules every state keeps, written from the spec's words. */
function checks(h: Harness) {
  return {
    '*': (expected: AnyMachineSnapshot) => {
      const actual = h.snapshot();
      expect(serialize(actual)).toBe(serialize(expected));
      const c = actual.context;
      const editing = actual.matches({ form: 'editing' });
      // the form takes changes and submits only while it is being edited
      expect(actual.can({ type: 'form.submit' })).toBe(editing);
      expect(actual.can({ type: 'org.select', orgId: 1 })).toBe(editing);
      // cancel shows while impersonating and not already under way
      expect(actual.can({ type: 'impersonation.cancel' })).toBe(actual.matches({ impersonating: 'idle' }));
      // exactly one call runs in the calling states, none elsewhere
      expect(h.running(h.starts)).toHaveLength(actual.matches({ form: 'starting' }) ? 1 : 0);
      expect(h.running(h.cancels)).toHaveLength(actual.matches({ impersonating: 'cancelling' }) ? 1 : 0);
      // a start is asked only for a complete form, and sends the details field the reason shows
      if (actual.matches({ form: 'starting' })) {
        expect(impersonationErrors(c.form)).toEqual({});
        expect(h.running(h.starts)[0].request).toEqual(startRequest(c.form));
      }
      // the failure texts are the spec's, and only where the call was refused
      if (c.failure !== null) expect(actual.matches({ form: 'editing' }) ? START_FAILED : CANCEL_FAILED).toBe(c.failure);
      // ending either way resets the app once; nothing else does
      const done = actual.matches('started') || actual.matches('cancelled');
      expect(actual.status).toBe(done ? 'done' : 'active');
      expect(h.resets()).toBe(done ? 1 : 0);
    },
  };
}

for (const input of [{ impersonationLogId: null }, { impersonationLogId: 55 }] satisfies ImpersonationInput[]) {
  const label = input.impersonationLogId === null ? 'an internal agent not impersonating' : 'an impersonation session';
  describe(`impersonation machine: model paths for ${label}`, () => {
    const model = createTestModel(modelMachine, {
      input,
      events: EVENTS,
      // a handled event that leaves the agent's view as it was (a self-loop) gets a path of its
      // own through its type, so every event is replayed at least once
      serializeState: (snapshot, event, previous) => {
        const loop = event && previous?.can(event) && serialize(previous) === serialize(snapshot);
        return `${serialize(snapshot)}|${loop ? JSON.stringify(event) : ''}`;
      },
    });
    const paths = model.getShortestPaths();

    it('reaches its state nodes through every event it takes', () => {
      const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))));
      const missing = getStateNodes(modelMachine.root)
        .map((n) => n.id)
        .filter((id) => !reached.has(id));
      // init is left at once; each input reaches one half of the machine
      const otherHalf = input.impersonationLogId === null ? 'impersonation.impersonating' : 'impersonation.form';
      expect(
        missing.every(
          (id) =>
            id === 'impersonation.init' ||
            id.startsWith(otherHalf) ||
            id === (input.impersonationLogId === null ? 'impersonation.cancelled' : 'impersonation.started'),
        ),
      ).toBe(true);
      const replayed = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.event))));
      const relevant = EVENTS.filter((e) => (input.impersonationLogId === null ? !/cancel/.test(e.type) : /cancel/.test(e.type)));
      expect(relevant.filter((e) => !replayed.has(JSON.stringify(e)))).toEqual([]);
    });

    if (input.impersonationLogId === null) {
      it('shows, for every reason, exactly the fields the spec names, each with its message', () => {
        const seen = new Map<string, string[]>();
        for (const p of paths) {
          const c = p.state.context as ImpersonationContext;
          if (c.submitted && c.form.reason)
            seen.set(c.form.reason, [...new Set([...(seen.get(c.form.reason) ?? []), ...Object.values(impersonationErrors(c.form))])]);
        }
        expect(Object.fromEntries([...seen].map(([k, v]) => [k, v.filter((m) => !/Organization|Agent to|reason is required/.test(m)).sort()]))).toEqual({
          'Customer support ticket': ['Details of impersonation reason are required.', 'Support ticket ID is required.'],
          Other: ['Details of impersonation reason are required.'],
          'Test/View changes': ['Details of changes and impersonation reason are required.'],
          'Customer screen share': ['Screen share details are required.'],
        });
      });
    }

    for (const path of paths) {
      it(path.description, async () => {
        const h = createHarness(input);
        await path.test({ states: checks(h), events: executors(h) });
      });
    }
  });
}

describe('impersonation machine: behaviour', () => {
  const fill = (h: Harness, events: ImpersonationEvent[]) => events.forEach((e) => h.actor.send(e));
  const complete: ImpersonationEvent[] = [
    { type: 'org.select', orgId: 2 },
    { type: 'agent.select', agentId: 9 },
    { type: 'reason.select', reason: 'Customer support ticket' },
    { type: 'field.change', field: 'supportTicketId', value: ' SUP-1042 ' },
    { type: 'field.change', field: 'details', value: 'Customer cannot see the queue' },
  ];

  it('an empty form shows the three messages of the always-required fields and starts nothing', () => {
    const h = createHarness({ impersonationLogId: null });
    h.actor.send({ type: 'form.submit' });
    expect(h.snapshot().value).toEqual({ form: 'editing' });
    expect(h.snapshot().context.submitted).toBe(true);
    expect(Object.values(impersonationErrors(h.snapshot().context.form))).toEqual([
      'Organization is required.',
      'Agent to impersonate is required.',
      'Impersonation reason is required.',
    ]);
    expect(h.starts).toHaveLength(0);
  });

  it('changing the organisation clears the chosen agent; choosing the same one keeps it', () => {
    const h = createHarness({ impersonationLogId: null });
    fill(h, [
      { type: 'org.select', orgId: 1 },
      { type: 'agent.select', agentId: 4 },
      { type: 'org.select', orgId: 1 },
    ]);
    expect(h.snapshot().context.form.agentId).toBe(4);
    h.actor.send({ type: 'org.select', orgId: 2 });
    expect(h.snapshot().context.form).toMatchObject({ orgId: 2, agentId: null });
  });

  it('a support ticket sends the trimmed ticket and details; a refusal keeps everything typed with the failure text', () => {
    const h = createHarness({ impersonationLogId: null });
    fill(h, [...complete, { type: 'form.submit' }]);
    expect(h.starts[0].request).toEqual({
      org_id: 2,
      agent_to_impersonate_id: 9,
      impersonation_reason: 'Customer support ticket',
      support_ticket_id: 'SUP-1042',
      additional_details: 'Customer cannot see the queue',
    });
    h.starts[0].sendBack({ type: 'start.failed' });
    const after = h.snapshot();
    expect(after.value).toEqual({ form: 'editing' });
    expect(after.context.failure).toBe('Failed to start impersonation. Please try again.');
    expect(after.context.form.supportTicketId).toBe(' SUP-1042 ');
    h.actor.send({ type: 'form.submit' });
    expect(h.snapshot().context.failure).toBeNull();
    h.starts[1].sendBack({ type: 'start.succeeded', impersonationLogId: 12 });
    expect(h.snapshot().value).toBe('started');
    expect(h.snapshot().context.impersonationLogId).toBe(12);
    expect(h.resets()).toBe(1);
  });

  it('each other reason sends the details field it shows, and no ticket', () => {
    const cases = [
      ['Other', 'details'],
      ['Test/View changes', 'changeDetails'],
      ['Customer screen share', 'screenShareDetails'],
    ] as const;
    for (const [reason, field] of cases) {
      expect(fieldsForReason(reason)).toEqual([field]);
      const form = {
        ...EMPTY_FORM,
        orgId: 1,
        agentId: 2,
        reason,
        supportTicketId: 'ignored',
        details: 'd',
        changeDetails: 'c',
        screenShareDetails: 's',
        [field]: ' why ',
      };
      expect(startRequest(form)).toMatchObject({ impersonation_reason: reason, support_ticket_id: null, additional_details: 'why' });
    }
  });

  it('cancel asks for the session’s own impersonation; a refusal says so and can be tried again', () => {
    const h = createHarness({ impersonationLogId: 55 });
    expect(h.snapshot().value).toEqual({ impersonating: 'idle' });
    h.actor.send({ type: 'impersonation.cancel' });
    expect(h.cancels[0].logId).toBe(55);
    h.cancels[0].sendBack({ type: 'cancel.failed' });
    expect(h.snapshot().context.failure).toBe('Failed to cancel impersonation. Please try again.');
    h.actor.send({ type: 'impersonation.cancel' });
    h.cancels[1].sendBack({ type: 'cancel.succeeded' });
    expect(h.snapshot().value).toBe('cancelled');
    expect(h.resets()).toBe(1);
  });
});
