import { assign, fromCallback, setup } from 'xstate';
import {
  CANCEL_FAILED,
  EMPTY_FORM,
  impersonationErrors,
  START_FAILED,
  startRequest,
  type ImpersonationContext,
  type ImpersonationEvent,
  type ImpersonationInput,
  type ImpersonationStartRequest,
} from './impersonation.types';

export * from './impersonation.types';

/**
 * Impersonation from the account popover (spec part 1, sections 4, 5 and 8).
 *
 * form            an internal agent fills the impersonation form:
 *   editing       fields change; a submit with an empty field shows every field's message and
 *                 stays; a complete form starts
 *   starting      POST /agents/log-impersonation-start runs (startImpersonation, provided by the
 *                 app); a refusal comes back to editing with START_FAILED and everything typed kept
 * impersonating   the session is an impersonation; cancel shows:
 *   idle
 *   cancelling    POST /agents/log-impersonation-cancelled runs (cancelImpersonation); a refusal
 *                 comes back to idle with CANCEL_FAILED
 * started, cancelled  final: resetApp (provided) resets the app state and goes home
 *
 * Changing the organisation clears the chosen agent (an agent belongs to one organisation).
 * The calls are callback actors that answer with start.succeeded / start.failed and
 * cancel.succeeded / cancel.failed, so the model test can play the server's part.
 */

function notProvided(name: string): never {
  throw new Error(`impersonation machine: provide the "${name}" actor with .provide()`);
}

export const impersonationMachine = setup({
  types: {
    context: {} as ImpersonationContext,
    events: {} as ImpersonationEvent,
    input: {} as ImpersonationInput,
  },
  actors: {
    startImpersonation: fromCallback<ImpersonationEvent, ImpersonationStartRequest>(() => notProvided('startImpersonation')),
    cancelImpersonation: fromCallback<ImpersonationEvent, { impersonationLogId: number }>(() => notProvided('cancelImpersonation')),
  },
  actions: {
    // Provided by the app: forget every cached answer and go home in the new session.
    resetApp: () => {},
    assignOrg: assign(({ context, event }) => {
      if (event.type !== 'org.select') return {};
      const changed = event.orgId !== context.form.orgId;
      return { form: { ...context.form, orgId: event.orgId, agentId: changed ? null : context.form.agentId } };
    }),
    assignAgent: assign(({ context, event }) => (event.type === 'agent.select' ? { form: { ...context.form, agentId: event.agentId } } : {})),
    assignReason: assign(({ context, event }) => (event.type === 'reason.select' ? { form: { ...context.form, reason: event.reason } } : {})),
    assignText: assign(({ context, event }) => (event.type === 'field.change' ? { form: { ...context.form, [event.field]: event.value } } : {})),
    markSubmitted: assign({ submitted: true }),
    clearFailure: assign({ failure: null }),
    assignStartFailure: assign({ failure: START_FAILED }),
    assignCancelFailure: assign({ failure: CANCEL_FAILED }),
    assignLogId: assign(({ event }) => (event.type === 'start.succeeded' ? { impersonationLogId: event.impersonationLogId } : {})),
  },
  guards: {
    isImpersonating: ({ context }) => context.impersonationLogId !== null,
    formComplete: ({ context }) => Object.keys(impersonationErrors(context.form)).length === 0,
  },
}).createMachine({
  id: 'impersonation',
  context: ({ input }) => ({ form: EMPTY_FORM, submitted: false, impersonationLogId: input.impersonationLogId, failure: null }),
  initial: 'init',
  states: {
    init: {
      always: [{ guard: 'isImpersonating', target: 'impersonating' }, { target: 'form' }],
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'org.select': { actions: 'assignOrg' },
            'agent.select': { actions: 'assignAgent' },
            'reason.select': { actions: 'assignReason' },
            'field.change': { actions: 'assignText' },
            'form.submit': [{ guard: 'formComplete', target: 'starting', actions: ['markSubmitted', 'clearFailure'] }, { actions: 'markSubmitted' }],
          },
        },
        // the form is frozen while the call runs: what is sent is what was shown
        starting: {
          invoke: { id: 'startImpersonation', src: 'startImpersonation', input: ({ context }) => startRequest(context.form) },
          on: {
            'start.succeeded': { target: '#impersonation.started', actions: 'assignLogId' },
            'start.failed': { target: 'editing', actions: 'assignStartFailure' },
          },
        },
      },
    },
    impersonating: {
      initial: 'idle',
      states: {
        idle: { on: { 'impersonation.cancel': { target: 'cancelling', actions: 'clearFailure' } } },
        cancelling: {
          invoke: {
            id: 'cancelImpersonation',
            src: 'cancelImpersonation',
            input: ({ context }) => ({ impersonationLogId: context.impersonationLogId! }),
          },
          on: {
            'cancel.succeeded': '#impersonation.cancelled',
            'cancel.failed': { target: 'idle', actions: 'assignCancelFailure' },
          },
        },
      },
    },
    started: { type: 'final', entry: 'resetApp' },
    cancelled: { type: 'final', entry: 'resetApp' },
  },
});
