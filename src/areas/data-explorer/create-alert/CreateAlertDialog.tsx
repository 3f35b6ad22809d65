// "Create alert" (issue 21, acceptance 7): an alert of type MANUAL opened by hand from an entity, an
// instrument or a transaction, with a title, a queue the agent may use, a description and the object
// it was created from attached (listed under Attached). On success the new alert opens. A refused
// save keeps what was typed.
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useCreateAlertMutation } from '../../../api/alerts/mutations';
import { useQueuesQuery } from '../../../api/queues/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { DialogActions } from '../../../ui/DialogActions';
import { describedBy, Field } from '../../../ui/FormField';
import { Modal } from '../../../ui/Modal';
import { alertBody, createAlertError, draftErrors, SUBJECT_NOUN, usableQueues, type AlertDraft, type AlertSubject } from './create-alert';
import * as s from './create-alert.styles';

export function CreateAlertDialog({ subject, onClose }: { subject: AlertSubject; onClose: () => void }) {
  const uid = useId();
  const agent = useAgent();
  const toast = useToast();
  const [, navigate] = useLocation();
  const queues = useQueuesQuery();
  const create = useCreateAlertMutation();
  const [draft, setDraft] = useState<AlertDraft>({ title: '', queueId: '', description: '' });
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ title?: string; message: string | null }>({ message: null });
  const titleRef = useRef<HTMLInputElement>(null);
  const queueRef = useRef<HTMLSelectElement>(null);

  const own = tried ? draftErrors(draft) : {};
  const titleError = own.title ?? refused.title;
  const queueError = own.queue;
  const options = usableQueues(queues.data ?? [], agent);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setTried(true);
    const found = draftErrors(draft);
    if (found.title || found.queue) {
      (found.title ? titleRef : queueRef).current?.focus();
      return;
    }
    setRefused({ message: null });
    create.mutate(alertBody(draft, subject), {
      onSuccess: (alert) => {
        toast.show({ message: `Alert ${alert.id} created in ${alert.queue?.title ?? 'its queue'}.`, type: 'Success' });
        onClose();
        navigate(`/alerts/${alert.id}`);
      },
      onError: (error) => {
        const next = createAlertError(error);
        setRefused(next);
        if (next.title) titleRef.current?.focus();
      },
    });
  };

  return (
    <Modal
      onClose={onClose}
      title="Create alert"
      description="A manual alert, worked like any other in the queue you choose."
      initialFocusEl={() => titleRef.current}
    >
      <form className={d.form} onSubmit={submit} noValidate>
        <Field id={`${uid}-title`} label="Title" error={titleError}>
          <input
            id={`${uid}-title`}
            ref={titleRef}
            className={d.input}
            value={draft.title}
            maxLength={200}
            required
            aria-invalid={Boolean(titleError)}
            aria-describedby={describedBy(`${uid}-title`, titleError, false)}
            onChange={(e) => {
              setDraft({ ...draft, title: e.target.value });
              setRefused((r) => ({ ...r, title: undefined }));
            }}
          />
        </Field>
        <Field id={`${uid}-queue`} label="Queue" error={queueError} hint={queues.isError ? 'The queues could not be loaded.' : undefined}>
          <select
            id={`${uid}-queue`}
            ref={queueRef}
            className={d.select}
            value={draft.queueId}
            required
            aria-invalid={Boolean(queueError)}
            aria-describedby={describedBy(`${uid}-queue`, queueError, queues.isError)}
            onChange={(e) => setDraft({ ...draft, queueId: e.target.value })}
          >
            <option value="">{queues.isPending ? 'Loading queues…' : 'Choose a queue'}</option>
            {options.map((q) => (
              <option key={q.id} value={q.id}>
                {q.title}
                {q.access_type === 'restricted' ? ' (restricted)' : ''}
              </option>
            ))}
          </select>
        </Field>
        <div className={d.field}>
          <label className={d.label} htmlFor={`${uid}-description`}>
            Description <span className={d.optional}>(optional)</span>
          </label>
          <textarea
            id={`${uid}-description`}
            className={d.textarea}
            value={draft.description}
            maxLength={4000}
            onChange={(e) => setDraft({ ...draft, description: e.target.value })}
          />
        </div>
        <div className={d.field}>
          <span className={d.label} id={`${uid}-attached`}>
            Attached
          </span>
          <ul className={s.attached} aria-labelledby={`${uid}-attached`}>
            <li className={s.attachedItem}>
              <span className={s.attachedNoun}>{SUBJECT_NOUN[subject.type]}</span>
              <span>{subject.label}</span>
            </li>
          </ul>
        </div>
        {refused.message ? (
          <p className={d.formError} role="alert">
            {refused.message}
          </p>
        ) : null}
        <DialogActions action={create.isPending ? 'Creating…' : 'Create alert'} busy={create.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
