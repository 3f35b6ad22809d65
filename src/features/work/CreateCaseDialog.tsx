// Create a case from selected alerts (issue 7, acceptance 4): title, description, queue and
// assignee; POST /api/cases; on success the new case opens. A refusal keeps what was typed.
import { Dialog } from '@ark-ui/react/dialog';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useAgentsQuery } from '../../api/agents/queries';
import { useAlertSummariesQuery } from '../../api/alerts/queries';
import { useCreateCaseMutation } from '../../api/cases/mutations';
import { useQueuesQuery } from '../../api/queues/queries';
import { useAgent } from '../../app/auth/auth-context';
import { useToast } from '../../app/toasts/toast-context';
import { hasPermission } from '../../lib/permissions';
import * as d from '../../ui/dialog.styles';
import { describedBy, Field } from '../../ui/FormField';
import { createCaseErrorMessage, defaultQueueId, isQueueAccessible, TITLE_REQUIRED } from './create-case.utils';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { Options } from '../../ui/Options';

export interface CreateCaseDialogProps {
  alertIds: number[];
  open: boolean;
  onClose: () => void;
  /** Called with the new case's id after it is created (the dialog then opens /cases/{id}). */
  onCreated?: (caseId: number) => void;
}

export function CreateCaseDialog({ alertIds, open, onClose, onCreated }: CreateCaseDialogProps) {
  return (
    <Modal open={open} onClose={onClose}>
      <CreateCaseForm alertIds={alertIds} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function CreateCaseForm({ alertIds, onClose, onCreated }: Omit<CreateCaseDialogProps, 'open'>) {
  const id = useId();
  const agent = useAgent();
  const toast = useToast();
  const [, navigate] = useLocation();
  const canPickAssignee = hasPermission(agent, 'read_agents') || hasPermission(agent, 'read_assignments');
  const queues = useQueuesQuery();
  const agents = useAgentsQuery({ enabled: canPickAssignee });
  const alerts = useAlertSummariesQuery(alertIds);
  const create = useCreateCaseMutation();

  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [queueId, setQueueId] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState('');
  const [titleError, setTitleError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);

  const accessible = useMemo(() => (queues.data ?? []).filter((q) => isQueueAccessible(q, agent)), [queues.data, agent]);
  const fallbackQueue = defaultQueueId(
    (alerts.data ?? []).map((a) => a.queue_id),
    accessible,
  );
  // The queue follows the alerts' queue until the agent picks one.
  const chosenQueue = queueId ?? fallbackQueue;
  useEffect(() => titleRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = title.trim();
    if (!trimmed) {
      setTitleError(true);
      titleRef.current?.focus();
      return;
    }
    setServerError(null);
    create.mutate(
      {
        title: trimmed,
        alert_ids: alertIds,
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(chosenQueue ? { queue_id: Number(chosenQueue) } : {}),
        ...(assigneeId ? { assigned_to_id: Number(assigneeId) } : {}),
      },
      {
        onSuccess: (created) => {
          toast.show({ message: `Case ${created.id} created.`, type: 'Success' });
          onCreated?.(created.id);
          onClose();
          navigate(`/cases/${created.id}`);
        },
        onError: (error) => setServerError(createCaseErrorMessage(error)),
      },
    );
  };

  const count = alertIds.length;
  const alertTitles = (alerts.data ?? []).map((a) => a.title);
  return (
    <>
      <Dialog.Title className={d.title}>Create case</Dialog.Title>
      <Dialog.Description className={d.description}>
        {count === 1 ? 'Rolls 1 alert into a new case.' : `Rolls ${count} alerts into a new case.`}
        {alertTitles.length > 0 ? ` ${summarise(alertTitles)}` : ''}
      </Dialog.Description>
      <form className={d.form} onSubmit={submit} noValidate>
        <Field id={`${id}-title`} label="Title" error={titleError ? TITLE_REQUIRED : null}>
          <input
            id={`${id}-title`}
            ref={titleRef}
            className={d.input}
            value={title}
            maxLength={200}
            required
            aria-invalid={titleError}
            aria-describedby={describedBy(`${id}-title`, titleError ? TITLE_REQUIRED : null, false)}
            onChange={(e) => {
              setTitle(e.target.value);
              if (e.target.value.trim()) setTitleError(false);
            }}
          />
        </Field>
        <div className={d.field}>
          <label className={d.label} htmlFor={`${id}-description`}>
            Description <span className={d.optional}>(optional)</span>
          </label>
          <textarea id={`${id}-description`} className={d.textarea} value={description} maxLength={5000} onChange={(e) => setDescription(e.target.value)} />
        </div>
        <div className={d.row}>
          <Field id={`${id}-queue`} label="Queue">
            <select id={`${id}-queue`} className={d.select} value={chosenQueue} disabled={queues.isPending} onChange={(e) => setQueueId(e.target.value)}>
              {fallbackQueue === '' ? <option value="">No queue</option> : null}
              {accessible.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.title}
                  {q.access_type === 'restricted' ? ' (restricted)' : ''}
                </option>
              ))}
            </select>
          </Field>
          {canPickAssignee ? (
            <Field id={`${id}-assignee`} label="Assignee">
              <select id={`${id}-assignee`} className={d.select} value={assigneeId} disabled={agents.isPending} onChange={(e) => setAssigneeId(e.target.value)}>
                <option value="">Unassigned</option>
                <Options items={agents.data ?? []} value={(a) => a.id} label={(a) => a.full_name} />
              </select>
            </Field>
          ) : null}
        </div>
        {serverError ? (
          <p role="alert" className={d.formError}>
            {serverError}
          </p>
        ) : null}
        <DialogActions action={create.isPending ? 'Creating…' : 'Create case'} busy={create.isPending} onCancel={onClose} />
      </form>
    </>
  );
}

/** "Alerts: A, B and 3 more." — enough to recognise what is being rolled up. */
function summarise(titles: string[]): string {
  const shown = titles.slice(0, 2).join(', ');
  const rest = titles.length - 2;
  return rest > 0 ? `Alerts: ${shown} and ${rest} more.` : `Alerts: ${shown}.`;
}
