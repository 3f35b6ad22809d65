// The lifecycle buttons' state: what the lifecycle machine allows for the stored model
// (machines/riskModel.machine.ts, the same answer the server gives), what the agent may do, the
// calls, and their outcome. single_active_risk_model_error is shown as the spec says.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { riskModelSnapshot, type RiskModelEvent } from '../../../../machines/riskModel.machine';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import { useDuplicateRiskModelMutation, useLifecycleMutation, type LifecycleAction } from '../../../api/risk-models/mutations';
import { type RiskModel } from '../../../api/risk-models/queries';
import { ONLY_ONE_ACTIVE_TEXT, SINGLE_ACTIVE_CODE } from '../editor/editor.constants';

export const riskModelPath = (id: number) => `/risk-ratings/${id}`;

export function lifecycleErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.code === SINGLE_ACTIVE_CODE ? ONLY_ONE_ACTIVE_TEXT : error.message;
  return 'The request failed. Please try again.';
}

/** Whether the editor takes changes: the agent may edit and the lifecycle lets the model change. */
export const modelEditable = (model: RiskModel, canEdit: boolean) =>
  canEdit && riskModelSnapshot(model.status, model.last_validation?.status).can({ type: 'model.edit' });

const SUCCESS: Record<LifecycleAction, (m: RiskModel) => string> = {
  validate: (m) => `Validation of ${m.title} queued.`,
  activate: (m) => `${m.title} is the active risk model. Every entity is being rescored.`,
  archive: (m) => `${m.title} archived.`,
};

export function useLifecycle(model: RiskModel, dirty: boolean) {
  const agent = useAgent();
  const toast = useToast();
  const [, navigate] = useLocation();
  const lifecycle = useLifecycleMutation(model.id);
  const duplicate = useDuplicateRiskModelMutation();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'activate' | 'archive' | null>(null);

  const canEdit = hasPermission(agent, 'edit_risk_ratings');
  const canCreate = hasPermission(agent, 'create_risk_ratings');
  const snapshot = riskModelSnapshot(model.status, model.last_validation?.status);
  const can = (type: RiskModelEvent['type']) => canEdit && snapshot.can({ type });
  const busy = lifecycle.isPending || duplicate.isPending;

  const run = (action: LifecycleAction) => {
    setError(null);
    lifecycle.mutate(action, {
      onSuccess: (saved) => {
        setConfirming(null);
        toast.show({ message: SUCCESS[action](saved), type: 'Success' });
      },
      onError: (e) => {
        setConfirming(null);
        setError(lifecycleErrorText(e));
      },
    });
  };

  const copy = () => {
    setError(null);
    duplicate.mutate(model.id, {
      onSuccess: (draft) => {
        toast.show({ message: `${draft.title} created.`, type: 'Success' });
        navigate(riskModelPath(draft.id));
      },
      onError: (e) => setError(lifecycleErrorText(e)),
    });
  };

  return {
    canEdit,
    canCreate,
    /** an edit the agent has not saved is not what a validation would read */
    validate: { allowed: can('validation.request') && !dirty, run: () => run('validate') },
    activate: { allowed: can('model.activate') && !dirty, ask: () => setConfirming('activate'), run: () => run('activate') },
    archive: { allowed: can('model.archive'), ask: () => setConfirming('archive'), run: () => run('archive') },
    duplicate: { allowed: canCreate, run: copy },
    editable: can('model.edit'),
    confirming,
    closeConfirm: () => setConfirming(null),
    busy,
    error,
    note: lifecycleNote(model, dirty, canEdit),
  };
}

/** Why the buttons are as they are, in a sentence. */
export function lifecycleNote(model: RiskModel, dirty: boolean, canEdit: boolean): string {
  if (!canEdit) return 'You can view this risk model; changing it needs permission to edit risk ratings.';
  if (model.status === 'active') return 'The active model scores every entity. Duplicate it into a draft to make changes.';
  if (model.status === 'archived') return 'Archived models keep their scores’ traces and do not change.';
  const status = model.last_validation?.status;
  if (status === 'queued' || status === 'in_progress') return 'The draft cannot change while its validation is queued or in progress.';
  if (dirty) return 'Save your changes before validating: a validation reads the saved draft.';
  if (status === 'success') return 'The last validation succeeded: the draft can be activated.';
  return 'Validate the draft; a draft whose last validation succeeded can be activated.';
}
