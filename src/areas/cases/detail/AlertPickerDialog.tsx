// Choosing alerts: for "Add alerts" on a case, and as the first step of "New case" on the case
// list. Lists the newest open and in-review alerts (by queue), and takes ids typed in for older ones.
import { Dialog } from '@ark-ui/react/dialog';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { cx } from '../../../../styled-system/css';
import { useQueuesQuery } from '../../../api/queues/queries';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { StatusBadge } from '../../../features/work/StatusBadge';
import { useAlertOptionsQuery } from '../../../api/alerts/queries';
import { compactTime } from '../../../lib/time';
import { parseIdList } from './alert-picker.utils';
import * as s from './alert-picker.styles';
import { Modal } from '../../../ui/Modal';

export interface AlertPickerDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Alerts already in the case: shown as such and not offered. */
  excludeIds?: readonly number[];
  busy?: boolean;
  /** The server's refusal, shown in the dialog (the choice is kept). */
  error?: string | null;
  onConfirm: (alertIds: number[]) => void;
  onClose: () => void;
}

export function AlertPickerDialog(props: AlertPickerDialogProps) {
  return (
    <Modal open={props.open} onClose={props.onClose} wide>
      <Picker {...props} />
    </Modal>
  );
}

function Picker({ title, description, confirmLabel, excludeIds = [], busy = false, error = null, onConfirm, onClose }: AlertPickerDialogProps) {
  const id = useId();
  const [queueId, setQueueId] = useState<number | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | null>(null);
  const queues = useQueuesQuery();
  const options = useAlertOptionsQuery(queueId);
  const excluded = useMemo(() => new Set(excludeIds), [excludeIds]);

  const toggle = (alertId: number, on: boolean) => setChecked((cur) => (on ? [...cur, alertId] : cur.filter((x) => x !== alertId)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseIdList(typed);
    if (parsed === null) {
      setTypedError('Enter alert IDs as numbers separated by commas or spaces.');
      return;
    }
    setTypedError(null);
    const ids = [...new Set([...checked, ...parsed])].filter((x) => !excluded.has(x));
    if (ids.length === 0) {
      setTypedError('Choose at least one alert.');
      return;
    }
    onConfirm(ids.slice(0, 100));
  };

  const rows = options.data ?? [];
  const selectedCount = new Set([...checked, ...(parseIdList(typed) ?? [])]).size;
  return (
    <>
      <Dialog.Title className={d.title}>{title}</Dialog.Title>
      <Dialog.Description className={d.description}>{description}</Dialog.Description>
      <form className={d.form} onSubmit={submit} noValidate>
        <div className={s.toolbar}>
          <label className={d.label} htmlFor={`${id}-queue`}>
            Queue
          </label>
          <select
            id={`${id}-queue`}
            className={cx(d.select, s.queueSelect)}
            value={queueId ?? ''}
            onChange={(e) => setQueueId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">All queues</option>
            {(queues.data ?? [])
              .filter((q) => q.open_alerts !== null)
              .map((q) => (
                <option key={q.id} value={q.id}>
                  {q.title}
                </option>
              ))}
          </select>
        </div>
        <fieldset className={s.listBox} aria-busy={options.isFetching}>
          <legend className={s.legend}>Open and in-review alerts, newest first</legend>
          {options.isPending ? <p className={s.empty}>Loading alerts…</p> : null}
          {options.isError ? <p className={s.empty}>The alerts could not be loaded.</p> : null}
          {options.isSuccess && rows.length === 0 ? <p className={s.empty}>No open alerts here.</p> : null}
          {rows.map((a) => {
            const inCase = excluded.has(a.id);
            const inputId = `${id}-alert-${a.id}`;
            return (
              <div key={a.id} className={s.option} data-disabled={inCase || undefined}>
                <input
                  id={inputId}
                  type="checkbox"
                  className={s.check}
                  checked={inCase || checked.includes(a.id)}
                  disabled={inCase}
                  onChange={(e) => toggle(a.id, e.target.checked)}
                />
                <label htmlFor={inputId} className={s.optionLabel}>
                  <span className={s.optionTitle}>{a.title}</span>
                  <span className={s.optionMeta}>
                    #{a.id} · {a.queue_title ?? 'No queue'} · {a.assigned_to_name ?? 'Unassigned'} · {compactTime(a.created_at)}
                    {inCase ? ' · already in this case' : a.case_id ? ` · in case ${a.case_id}` : ''}
                  </span>
                </label>
                <StatusBadge status={a.status} />
              </div>
            );
          })}
        </fieldset>
        <div className={d.field}>
          <label className={d.label} htmlFor={`${id}-ids`}>
            Alert IDs <span className={d.optional}>(optional, for alerts not listed)</span>
          </label>
          <input
            id={`${id}-ids`}
            className={d.input}
            value={typed}
            inputMode="numeric"
            placeholder="e.g. 1042, 1043"
            aria-invalid={typedError !== null}
            aria-describedby={typedError ? `${id}-ids-error` : undefined}
            onChange={(e) => setTyped(e.target.value)}
          />
          {typedError ? (
            <span id={`${id}-ids-error`} className={d.fieldError}>
              {typedError}
            </span>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className={d.formError}>
            {error}
          </p>
        ) : null}
        <div className={d.actions}>
          <span className={s.selected} aria-live="polite">
            {selectedCount === 1 ? '1 alert chosen' : `${selectedCount} alerts chosen`}
          </span>
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={button({ variant: 'primary' })} disabled={busy}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </>
  );
}
