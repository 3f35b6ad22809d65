import { setup, type SnapshotFrom } from 'xstate';

/**
 * A detection rule's lifecycle. A rule is written as a draft. A draft is validated (a backtest over
 * past events: queued, then in progress, then succeeded or failed) and may go live only when the
 * last validation succeeded and judged the draft as it is now: an edit makes that validation stale.
 * A live rule runs in shadow (ACTIVE_SHADOW: judged and logged, raising nothing) or for real
 * (ACTIVE), and moves between the two. Editing a live rule makes a new version, which stays live (the
 * old version's hits keep their spec); a live rule may be validated again at any time. Any rule but
 * an archived one may be archived; archived rules change no more.
 *
 * Pure: the server answers each request from this machine (resolved from the stored status and the
 * last validation) and the console reads `can(event)` to offer its actions.
 */

export type RuleStatus = 'DRAFT' | 'ACTIVE' | 'ACTIVE_SHADOW' | 'ARCHIVED';

export type RuleEvent =
  | { type: 'rule.edit' }
  | { type: 'validation.request' }
  | { type: 'validation.start' }
  | { type: 'validation.succeed' }
  | { type: 'validation.fail' }
  | { type: 'rule.shadow' }
  | { type: 'rule.activate' }
  | { type: 'rule.archive' };

export const ruleMachine = setup({
  types: { events: {} as RuleEvent },
}).createMachine({
  id: 'rule',
  initial: 'draft',
  states: {
    draft: {
      initial: 'unvalidated',
      states: {
        unvalidated: {
          on: {
            'rule.edit': { target: 'unvalidated', reenter: true },
            'validation.request': 'queued',
            'rule.archive': '#rule.archived',
          },
        },
        // the run reads the draft: it is frozen until the run ends
        queued: {
          on: {
            'validation.start': 'inProgress',
            'validation.fail': 'failed',
          },
        },
        inProgress: {
          on: {
            'validation.succeed': 'succeeded',
            'validation.fail': 'failed',
          },
        },
        succeeded: {
          on: {
            'rule.edit': 'unvalidated',
            'validation.request': 'queued',
            'rule.shadow': '#rule.shadow',
            'rule.activate': '#rule.active',
            'rule.archive': '#rule.archived',
          },
        },
        failed: {
          on: {
            'rule.edit': 'unvalidated',
            'validation.request': 'queued',
            'rule.archive': '#rule.archived',
          },
        },
      },
    },
    shadow: {
      on: {
        'rule.edit': { target: 'shadow', reenter: true },
        'validation.request': { target: 'shadow', reenter: true },
        'rule.activate': 'active',
        'rule.archive': 'archived',
      },
    },
    active: {
      on: {
        'rule.edit': { target: 'active', reenter: true },
        'validation.request': { target: 'active', reenter: true },
        'rule.shadow': 'shadow',
        'rule.archive': 'archived',
      },
    },
    archived: { type: 'final' },
  },
});

export type RuleSnapshot = SnapshotFrom<typeof ruleMachine>;
export type RuleStateValue = 'shadow' | 'active' | 'archived' | { draft: 'unvalidated' | 'queued' | 'inProgress' | 'succeeded' | 'failed' };

/** The machine's state for a stored rule: its status, its last validation's status, and whether that run judged the current spec. */
export function ruleStateValue(status: string, validationStatus: string | null | undefined, validatedCurrent: boolean): RuleStateValue {
  if (status === 'ACTIVE') return 'active';
  if (status === 'ACTIVE_SHADOW') return 'shadow';
  if (status === 'ARCHIVED') return 'archived';
  switch ((validationStatus ?? '').toUpperCase()) {
    case 'QUEUED':
      return { draft: 'queued' };
    case 'IN_PROGRESS':
      return { draft: 'inProgress' };
    case 'SUCCESS':
      return { draft: validatedCurrent ? 'succeeded' : 'unvalidated' };
    case 'FAILED':
      return { draft: validatedCurrent ? 'failed' : 'unvalidated' };
    default:
      return { draft: 'unvalidated' };
  }
}

/** A snapshot of a stored rule, to ask `can(event)` of it. */
export function ruleSnapshot(status: string, validationStatus: string | null | undefined, validatedCurrent: boolean): RuleSnapshot {
  return ruleMachine.resolveState({ value: ruleStateValue(status, validationStatus, validatedCurrent), context: {} });
}
