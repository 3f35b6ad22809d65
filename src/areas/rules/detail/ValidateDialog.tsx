// "Validate": the window of past events the backtest judges, the last 30 days by default, or from a
// start to an end the agent types (date and time in the agent's zone). The server checks the window
// (at most two years, start before end) and its messages show at their fields.
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useToast } from '../../../app/toasts/toast-context';
import { useValidateRuleMutation } from '../../../api/rules/mutations';
import type { Rule } from '../../../api/rules/queries';
import { fromDateTimeLocal, instantString, toDateTimeLocal } from '../../../lib/time';
import * as d from '../../../ui/dialog.styles';
import { DialogActions } from '../../../ui/DialogActions';
import { describedBy, Field } from '../../../ui/FormField';
import { SubmitForm } from '../../../ui/Form';
import { Modal } from '../../../ui/Modal';
import * as s from '../rules.styles';

export const DEFAULT_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

type Choice = 'default' | 'custom';

export function ValidateDialog({ rule, onClose, onQueued }: { rule: Rule; onClose: () => void; onQueued: () => void }) {
  const validate = useValidateRuleMutation(rule.id);
  const toast = useToast();
  const [choice, setChoice] = useState<Choice>('default');
  const [start, setStart] = useState(() => toDateTimeLocal(instantString(Date.now() - DEFAULT_WINDOW_DAYS * DAY_MS)));
  const [end, setEnd] = useState(() => toDateTimeLocal(instantString()));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (validate.isPending) return;
    setError(null);
    let body = {};
    if (choice === 'custom') {
      const from = fromDateTimeLocal(start);
      const to = fromDateTimeLocal(end);
      const found = { start: from === null ? 'Enter a date and time.' : undefined, end: to === null ? 'Enter a date and time.' : undefined };
      setErrors(found);
      if (from === null || to === null) return;
      body = { window_start: instantString(from), window_end: instantString(to) };
    }
    validate.mutate(body, {
      onSuccess: () => {
        toast.show({ message: `Validation of ${rule.title} queued.`, type: 'Success' });
        onQueued();
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 400 && e.details.length) {
          setErrors({
            start: e.details.find((x) => x.path === 'body/window_start')?.message,
            end: e.details.find((x) => x.path === 'body/window_end')?.message,
          });
        }
        setError(e instanceof ApiError ? e.message : 'The validation could not be queued. Please try again.');
      },
    });
  };

  /** The window's start or end: a date and time, with the message the checks or the server give it. */
  const when = (part: 'start' | 'end', label: string, value: string, set: (value: string) => void) => (
    <Field id={`rule-validate-${part}`} label={label} error={errors[part]}>
      <input
        id={`rule-validate-${part}`}
        type="datetime-local"
        className={d.input}
        value={value}
        aria-invalid={Boolean(errors[part])}
        aria-describedby={describedBy(`rule-validate-${part}`, errors[part], false)}
        onChange={(e) => set(e.target.value)}
      />
    </Field>
  );

  return (
    <Modal
      onClose={onClose}
      title={`Validate ${rule.title}`}
      description="The rule's current definition judges past events as ingestion would. Up to 50 of the alerts it would have raised are kept for review; nothing reaches a queue."
    >
      <SubmitForm onSubmit={submit}>
        <fieldset className={s.plainFieldset}>
          <legend className={d.label}>Window</legend>
          <label>
            <input type="radio" name="rule-validate-window" checked={choice === 'default'} onChange={() => setChoice('default')} /> The last{' '}
            {DEFAULT_WINDOW_DAYS} days
          </label>
          <label>
            <input type="radio" name="rule-validate-window" checked={choice === 'custom'} onChange={() => setChoice('custom')} /> From a start to an end
          </label>
        </fieldset>
        {choice === 'custom' ? (
          <div className={d.row}>
            {when('start', 'Start', start, setStart)}
            {when('end', 'End', end, setEnd)}
          </div>
        ) : null}
        {error ? (
          <p className={d.formError} role="alert">
            {error}
          </p>
        ) : null}
        <DialogActions action="Validate" busy={validate.isPending} onCancel={onClose} />
      </SubmitForm>
    </Modal>
  );
}
