// The Edit Deadline modal (spec part 2, sections 2, 4, 5 and 8): a date-time, required ("Required"),
// after the start date ("Deadline must be after start date {date}"), sent as a duration in seconds
// only when it changed. "Deadline updated" on success; on failure "Failed to change deadline.
// Please try again" and the modal stays open with what was typed.
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { useToast } from '../../app/toasts/toast-context';
import {
  deadlineChangeMessage,
  deadlineDurationSeconds,
  deadlineMovedSeconds,
  fromInputValue,
  isDeadlineChanged,
  toInputValue,
  validateDeadline,
} from '../../lib/deadline';
import { agentTimeZone, longTime } from '../../lib/time';
import * as d from '../../ui/dialog.styles';
import { useDeadlineMutation, type DeadlineObjectType } from '../../api/work/mutations';
import { DialogActions } from '../../ui/DialogActions';
import { Modal } from '../../ui/Modal';
import { Field } from '../../ui/FormField';

export const DEADLINE_UPDATED = 'Deadline updated';
export const DEADLINE_FAILED = 'Failed to change deadline. Please try again';

export interface DeadlineModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  objectType: DeadlineObjectType;
  objectId: number;
  deadline: string | null;
  startDate: string | null;
  /** Called after a saved change with "Deadline extended by {x}" / "Deadline shortened by {x}". */
  onChanged?: (message: string) => void;
  /** For tests: the zone the input is read and the times shown in (default: the agent's). */
  timeZone?: string;
}

export function DeadlineModal({ open, onOpenChange, objectType, objectId, deadline, startDate, onChanged, timeZone = agentTimeZone() }: DeadlineModalProps) {
  const id = useId();
  const toast = useToast();
  const mutation = useDeadlineMutation(objectType);
  const initial = toInputValue(deadline, timeZone);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  // Each opening starts from the current deadline; a failed save keeps what was typed because the
  // modal stays open. Set while rendering, as it opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setValue(initial);
      setError(null);
      setServerError(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateDeadline(value, startDate, timeZone);
    setError(problem);
    if (problem) return;
    if (!isDeadlineChanged(initial, value)) {
      onOpenChange(false);
      return;
    }
    const next = fromInputValue(value, timeZone)!;
    const duration = deadlineDurationSeconds(deadline, next);
    setServerError(null);
    mutation.mutate(
      { id: objectId, duration },
      {
        onSuccess: (answer) => {
          toast.show({ message: DEADLINE_UPDATED, type: 'Success' });
          const moved = answer.previous_deadline ? deadlineMovedSeconds(answer.previous_deadline, answer.deadline) : duration;
          onChanged?.(deadlineChangeMessage(moved));
          onOpenChange(false);
        },
        onError: (e) => {
          toast.show({ message: DEADLINE_FAILED, type: 'Error' });
          // The server's reason (start date, status) beside the field; the typed value stays.
          if (e instanceof ApiError && e.status < 500) setServerError(e.message);
        },
      },
    );
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <Modal open={open} onClose={() => onOpenChange(false)} title="Edit Deadline">
      <form className={d.form} onSubmit={submit} noValidate>
        <Field id={`${id}-deadline`} label="Deadline">
          <input
            id={`${id}-deadline`}
            className={d.input}
            type="datetime-local"
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            required
          />
          <p id={hintId} className={d.hint}>
            {`Current deadline ${longTime(deadline, { timeZone })}`}
            {startDate ? ` · Start date ${longTime(startDate, { timeZone })}` : ''}
          </p>
          {error ? (
            <p id={errorId} className={d.fieldError} role="alert">
              {error}
            </p>
          ) : null}
        </Field>
        {serverError ? (
          <p className={d.formError} role="alert">
            {serverError}
          </p>
        ) : null}
        <DialogActions action={mutation.isPending ? 'Saving…' : 'Save'} busy={mutation.isPending} />
      </form>
    </Modal>
  );
}
