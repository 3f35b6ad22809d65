// Closing an alert or a case with a disposition (True positive / False positive / Needs review)
// and notes. A failed save keeps the choice and the notes; the dialog stays open.
import { useId, useState, type FormEvent } from 'react';
import { css } from '../../../styled-system/css';
import { useToast } from '../../app/toasts/toast-context';
import { dispositionLabel, DISPOSITIONS, objectNoun, type Disposition, type WorkObjectType } from '../../lib/work-rules';
import * as d from '../../ui/dialog.styles';
import { useStatusMutation } from '../../api/work/mutations';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';

/** Not in the spec: the longest notes the server keeps (StatusChangeRequest). */
export const DISPOSITION_NOTES_MAX = 5000;
export const DISPOSITION_REQUIRED = 'Choose a disposition.';

const choices = css({ display: 'flex', flexDirection: 'column', gap: '2', border: 'none', p: '0', m: '0' });
const choice = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  layerStyle: 'bordered',
  borderRadius: 'md',
  fontSize: 'sm',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'brand', bg: 'blue.50' },
});

export function closedMessages(type: WorkObjectType) {
  const noun = objectNoun(type);
  return { closed: `${noun === 'alert' ? 'Alert' : 'Case'} closed.`, failed: `Failed to close ${noun}. Please try again.` };
}

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  objectType: WorkObjectType;
  objectId: number;
}

export function DispositionDialog({ open, onOpenChange, objectType, objectId }: Props) {
  const id = useId();
  const toast = useToast();
  const mutation = useStatusMutation(objectType, objectId);
  const [disposition, setDisposition] = useState<Disposition | null>(null);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noun = objectNoun(objectType);
  const messages = closedMessages(objectType);

  // each opening starts empty (set while rendering, as it opens)
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDisposition(null);
      setNotes('');
      setError(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disposition) {
      setError(DISPOSITION_REQUIRED);
      return;
    }
    const trimmed = notes.trim();
    mutation.mutate(
      { status: 'CLOSED', disposition, ...(trimmed ? { disposition_notes: trimmed } : {}) },
      {
        onSuccess: () => {
          toast.show({ message: messages.closed, type: 'Success' });
          onOpenChange(false);
        },
        onError: () => toast.show({ message: messages.failed, type: 'Error' }),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={() => onOpenChange(false)}
      title={`Close ${noun}`}
      description={`Record the outcome of this ${noun}. Notes are kept with the disposition.`}
    >
      <form className={d.form} onSubmit={submit} noValidate>
        <fieldset className={choices} aria-describedby={error ? `${id}-error` : undefined}>
          <legend className={d.label}>Disposition</legend>
          {DISPOSITIONS.map((value) => (
            <label key={value} className={choice}>
              <input
                type="radio"
                name={`${id}-disposition`}
                value={value}
                checked={disposition === value}
                onChange={() => {
                  setDisposition(value);
                  setError(null);
                }}
              />
              {dispositionLabel(value)}
            </label>
          ))}
        </fieldset>
        {error ? (
          <p id={`${id}-error`} className={d.fieldError} role="alert">
            {error}
          </p>
        ) : null}
        <div className={d.field}>
          <label className={d.label} htmlFor={`${id}-notes`}>
            Notes <span className={d.optional}>(optional)</span>
          </label>
          <textarea id={`${id}-notes`} className={d.textarea} value={notes} maxLength={DISPOSITION_NOTES_MAX} onChange={(e) => setNotes(e.target.value)} />
        </div>
        <DialogActions action={mutation.isPending ? 'Closing…' : `Close ${noun}`} busy={mutation.isPending} />
      </form>
    </Modal>
  );
}
