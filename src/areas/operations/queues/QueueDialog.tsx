// Create or edit a queue (managers: edit_queues with edit_deadline_config): title, description,
// access type, deadline in days, members. A refusal keeps everything typed; a taken title shows
// beside the title.
import { Dialog } from '@ark-ui/react/dialog';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { cx } from '../../../../styled-system/css';
import { useAgentsQuery } from '../../../api/agents/queries';
import type { Queue } from '../../../api/queues/queries';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { describedBy, Field } from '../../../ui/FormField';
import { useSaveQueueMutation } from '../../../api/queues/mutations';
import { formValues, MAX_DEADLINE_DAYS, queueBody, saveErrorOf, TEXTS, validateQueueForm, type QueueFormErrors, type QueueFormValues } from './queue-form';
import * as s from './queues.styles';
import { DialogActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';

export interface QueueDialogProps {
  open: boolean;
  /** The queue to edit; null creates one. */
  queue: Queue | null;
  onClose: () => void;
}

export function QueueDialog({ open, queue, onClose }: QueueDialogProps) {
  const id = useId();
  return (
    <Modal open={open} onClose={onClose} initialFocusEl={() => document.getElementById(`${id}-title`)}>
      <QueueForm id={id} queue={queue} onClose={onClose} />
    </Modal>
  );
}

function QueueForm({ id, queue, onClose }: { id: string; queue: Queue | null; onClose: () => void }) {
  const toast = useToast();
  const save = useSaveQueueMutation();
  const agents = useAgentsQuery();
  const [values, setValues] = useState<QueueFormValues>(() => formValues(queue));
  const [errors, setErrors] = useState<QueueFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [memberSearch, setMemberSearch] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const daysRef = useRef<HTMLInputElement>(null);
  const set = <K extends keyof QueueFormValues>(key: K, value: QueueFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const shownAgents = useMemo(() => {
    const q = memberSearch.trim().toLowerCase();
    const list = agents.data ?? [];
    return q ? list.filter((a) => a.full_name.toLowerCase().includes(q) || a.email.toLowerCase().includes(q)) : list;
  }, [agents.data, memberSearch]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateQueueForm(values);
    setErrors(found);
    setFormError(null);
    if (found.title) return titleRef.current?.focus();
    if (found.deadlineDays) return daysRef.current?.focus();
    save.mutate(
      { id: queue?.id ?? null, body: queueBody(values, queue) },
      {
        onSuccess: (saved) => {
          toast.show({ message: queue ? TEXTS.updated(saved.title) : TEXTS.created(saved.title), type: 'Success' });
          onClose();
        },
        onError: (error) => {
          const refusal = saveErrorOf(error);
          if (refusal.field === 'title') {
            setErrors({ title: refusal.message });
            titleRef.current?.focus();
          } else setFormError(refusal.message);
        },
      },
    );
  };

  const toggleMember = (agentId: number, on: boolean) => set('memberIds', on ? [...values.memberIds, agentId] : values.memberIds.filter((m) => m !== agentId));

  return (
    <>
      <Dialog.Title className={d.title}>{queue ? `Edit queue` : 'New queue'}</Dialog.Title>
      <Dialog.Description className={d.description}>
        {queue ? `Changes apply to the queue "${queue.title}" at once.` : 'Alerts and cases are worked from queues.'}
      </Dialog.Description>
      <form className={d.form} onSubmit={submit} noValidate>
        <Field id={`${id}-title`} label="Title" error={errors.title}>
          <input
            id={`${id}-title`}
            ref={titleRef}
            className={d.input}
            value={values.title}
            maxLength={120}
            required
            aria-invalid={errors.title !== undefined}
            aria-describedby={describedBy(`${id}-title`, errors.title, false)}
            onChange={(e) => set('title', e.target.value)}
          />
        </Field>
        <div className={d.field}>
          <label className={d.label} htmlFor={`${id}-description`}>
            Description <span className={d.optional}>(optional)</span>
          </label>
          <textarea
            id={`${id}-description`}
            className={d.textarea}
            value={values.description}
            maxLength={2000}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className={d.row}>
          <fieldset className={s.fieldset}>
            <legend className={d.label}>Access</legend>
            {(['open', 'restricted'] as const).map((type) => (
              <label key={type} className={s.radio}>
                <input type="radio" name={`${id}-access`} value={type} checked={values.accessType === type} onChange={() => set('accessType', type)} />
                <span>
                  {type === 'open' ? 'Open' : 'Restricted'}
                  <span className={s.radioHint}>{type === 'open' ? 'Every agent can work it' : 'Only its members see its work'}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className={d.field}>
            <label className={d.label} htmlFor={`${id}-days`}>
              Deadline in days <span className={d.optional}>(optional)</span>
            </label>
            <input
              id={`${id}-days`}
              ref={daysRef}
              className={d.input}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DEADLINE_DAYS}
              step={1}
              value={values.deadlineDays}
              aria-invalid={errors.deadlineDays !== undefined}
              aria-describedby={`${id}-days-${errors.deadlineDays ? 'error' : 'hint'}`}
              onChange={(e) => set('deadlineDays', e.target.value)}
            />
            {errors.deadlineDays ? (
              <span id={`${id}-days-error`} className={d.fieldError}>
                {errors.deadlineDays}
              </span>
            ) : (
              <span id={`${id}-days-hint`} className={d.hint}>
                Given to new alerts and cases in this queue.
              </span>
            )}
          </div>
        </div>
        <fieldset className={s.fieldset}>
          <legend className={d.label}>
            Members <span className={d.optional}>({values.memberIds.length} chosen)</span>
          </legend>
          <input
            className={cx(d.input, s.memberSearch)}
            type="search"
            aria-label="Search agents"
            placeholder="Search agents"
            value={memberSearch}
            onChange={(e) => setMemberSearch(e.target.value)}
          />
          <div className={s.memberList}>
            {agents.isPending ? <p className={s.memberEmpty}>Loading agents…</p> : null}
            {agents.isError ? <p className={s.memberEmpty}>The agents could not be loaded.</p> : null}
            {agents.isSuccess && shownAgents.length === 0 ? <p className={s.memberEmpty}>No agents match.</p> : null}
            {shownAgents.map((a) => (
              <label key={a.id} className={s.member}>
                <input type="checkbox" checked={values.memberIds.includes(a.id)} onChange={(e) => toggleMember(a.id, e.target.checked)} />
                <span className={s.memberName}>{a.full_name}</span>
                <span className={s.memberEmail}>{a.email}</span>
              </label>
            ))}
          </div>
          {values.accessType === 'restricted' && values.memberIds.length === 0 ? (
            <span className={d.hint}>A restricted queue without members is seen only by agents with every permission.</span>
          ) : null}
        </fieldset>
        {formError ? (
          <p role="alert" className={d.formError}>
            {formError}
          </p>
        ) : null}
        <DialogActions action={save.isPending ? 'Saving…' : queue ? 'Save queue' : 'Create queue'} busy={save.isPending} onCancel={onClose} />
      </form>
    </>
  );
}
