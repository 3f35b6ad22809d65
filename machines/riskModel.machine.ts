import { setup, type SnapshotFrom } from 'xstate';

/**
 * A risk model's lifecycle (spec part 2 section 4). A model starts as a draft. A draft may be edited
 * or validated while its last validation is not queued or in progress; a validation is queued, then
 * in progress, then succeeds or fails. Only a draft whose last validation succeeded may be activated.
 * An edit makes the last validation stale (it described another model), so the draft goes back to
 * unvalidated and must be validated again before it can be activated. One model is active per
 * organisation: activating a draft retires the model that was active (`model.replaced`). Archived
 * models are kept for their scores' traces and change no more.
 *
 * Pure: the server answers each request from this machine (resolved from the stored status and last
 * validation status) and the console reads `can(event)` to enable its buttons.
 */

export type RiskModelStatus = 'draft' | 'active' | 'archived';

export type RiskModelEvent =
  | { type: 'model.edit' }
  | { type: 'validation.request' }
  | { type: 'validation.start' }
  | { type: 'validation.succeed' }
  | { type: 'validation.fail' }
  | { type: 'model.activate' }
  | { type: 'model.replaced' }
  | { type: 'model.archive' };

export const riskModelMachine = setup({
  types: { events: {} as RiskModelEvent },
}).createMachine({
  id: 'riskModel',
  initial: 'draft',
  states: {
    draft: {
      initial: 'unvalidated',
      states: {
        unvalidated: {
          on: {
            'model.edit': { target: 'unvalidated', reenter: true },
            'validation.request': 'queued',
            'model.archive': '#riskModel.archived',
          },
        },
        // while a validation is queued or running the draft is frozen: the run reads the model
        queued: {
          on: {
            'validation.start': 'inProgress',
            // a run that could not start (the worker gave up) ends as failed
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
            'model.edit': 'unvalidated',
            'validation.request': 'queued',
            'model.activate': '#riskModel.active',
            'model.archive': '#riskModel.archived',
          },
        },
        failed: {
          on: {
            'model.edit': 'unvalidated',
            'validation.request': 'queued',
            'model.archive': '#riskModel.archived',
          },
        },
      },
    },
    active: {
      on: {
        'model.replaced': 'archived',
        'model.archive': 'archived',
      },
    },
    archived: { type: 'final' },
  },
});

export type RiskModelSnapshot = SnapshotFrom<typeof riskModelMachine>;
export type RiskModelStateValue = 'active' | 'archived' | { draft: 'unvalidated' | 'queued' | 'inProgress' | 'succeeded' | 'failed' };

const DRAFT_STATES: Record<string, 'unvalidated' | 'queued' | 'inProgress' | 'succeeded' | 'failed'> = {
  queued: 'queued',
  in_progress: 'inProgress',
  success: 'succeeded',
  failed: 'failed',
};

/** The machine's state for a stored model (status and last validation status). */
export function riskModelStateValue(status: string, validationStatus: string | null | undefined): RiskModelStateValue {
  if (status === 'active') return 'active';
  if (status === 'archived') return 'archived';
  return { draft: DRAFT_STATES[validationStatus ?? ''] ?? 'unvalidated' };
}

/** A snapshot of a stored model, to ask `can(event)` of it. */
export function riskModelSnapshot(status: string, validationStatus: string | null | undefined): RiskModelSnapshot {
  return riskModelMachine.resolveState({ value: riskModelStateValue(status, validationStatus), context: {} });
}
