// The editor's inputs. Each names the error path whose message it shows (its id derives from it,
// so a save can focus the first field in error), takes its value and change from its caller, and
// points aria-describedby at its message or hint. Numbers are typed as text, so a refused save
// keeps exactly what was typed.
import type { ReactNode } from 'react';
import * as d from '../../../ui/dialog.styles';
import { describedBy, Field } from '../../../ui/FormField';
import { fieldId, useRuleEditorContext } from './editor-context';
import * as s from './editor.styles';

function a11y(id: string, error: string | undefined, hint: ReactNode | undefined) {
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy(id, error, Boolean(hint)) };
}

interface Base {
  /** the error path the field shows */
  at: string;
  label: string;
  hint?: ReactNode;
}

export function TextField({
  at,
  label,
  hint,
  value,
  onChange,
  maxLength = 200,
  numeric = false,
}: Base & { value: string; onChange: (value: string) => void; maxLength?: number; numeric?: boolean }) {
  const { errors } = useRuleEditorContext();
  const id = fieldId(at);
  return (
    <Field id={id} label={label} error={errors[at]} hint={hint}>
      <input
        className={d.input}
        value={value}
        maxLength={maxLength}
        inputMode={numeric ? 'decimal' : undefined}
        autoComplete="off"
        {...a11y(id, errors[at], hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export function SelectField<V extends string | number>({
  at,
  label,
  hint,
  value,
  options,
  onChange,
  empty,
}: Base & {
  value: V | null;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | null) => void;
  /** the label of the empty choice, when the field may be left empty */
  empty?: string;
}) {
  const { errors } = useRuleEditorContext();
  const id = fieldId(at);
  const known = value === null || options.some((o) => o.value === value);
  return (
    <Field id={id} label={label} error={errors[at]} hint={hint}>
      <select
        className={d.select}
        value={value === null ? '' : String(value)}
        {...a11y(id, errors[at], hint)}
        onChange={(e) => {
          const raw = e.target.value;
          const chosen = options.find((o) => String(o.value) === raw);
          onChange(raw === '' || !chosen ? null : chosen.value);
        }}
      >
        {empty !== undefined || value === null ? <option value="">{empty ?? 'Choose…'}</option> : null}
        {known ? null : <option value={String(value)}>{String(value)}</option>}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Two numbers that make one value (a range): one message under both. */
export function RangeField({
  at,
  label,
  low,
  high,
  onChange,
  lowLabel = 'From',
  highLabel = 'To',
}: {
  at: string;
  label: string;
  low: string;
  high: string;
  onChange: (low: string, high: string) => void;
  lowLabel?: string;
  highLabel?: string;
}) {
  const { errors } = useRuleEditorContext();
  const id = fieldId(at);
  const error = errors[at];
  const described = describedBy(id, error, false);
  const bound = (boundId: string, value: string, change: (value: string) => void) => (
    <input
      id={boundId}
      className={d.input}
      inputMode="decimal"
      maxLength={30}
      value={value}
      aria-invalid={Boolean(error)}
      aria-describedby={described}
      onChange={(e) => change(e.target.value)}
    />
  );
  return (
    <fieldset className={s.checks} aria-describedby={described}>
      <legend className={s.checksLegend}>{label}</legend>
      <Field id={id} label={lowLabel}>
        {bound(id, low, (value) => onChange(value, high))}
      </Field>
      <Field id={`${id}-high`} label={highLabel}>
        {bound(`${id}-high`, high, (value) => onChange(low, value))}
      </Field>
      <SetMessage id={id} error={error} />
    </fieldset>
  );
}

/** The one message under a set of fields: its error, else its hint. */
function SetMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <span id={`${id}-error`} className={d.fieldError}>
        {error}
      </span>
    );
  return hint ? (
    <span id={`${id}-hint`} className={d.hint}>
      {hint}
    </span>
  ) : null;
}

/** A set of checkboxes (transaction types, action types): one message under the set. */
export function CheckGroup({
  at,
  label,
  options,
  selected,
  onChange,
  hint,
}: {
  at: string;
  label: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  hint?: string;
}) {
  const { errors } = useRuleEditorContext();
  const id = fieldId(at);
  const error = errors[at];
  const described = describedBy(id, error, Boolean(hint));
  return (
    <fieldset className={s.checks} aria-describedby={described}>
      <legend className={s.checksLegend}>{label}</legend>
      {options.map((o, i) => (
        <label key={o.value}>
          <input
            type="checkbox"
            // the first box takes the set's id, so a save in error can focus the set
            id={i === 0 ? id : undefined}
            checked={selected.includes(o.value)}
            onChange={(e) => onChange(e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
          />
          {o.label}
        </label>
      ))}
      <SetMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** A message at a part of the form that is no single field (the variables, a group, a variable). */
export function PartError({ at }: { at: string }) {
  const { errors } = useRuleEditorContext();
  const error = errors[at];
  if (!error) return null;
  return (
    <p id={`${fieldId(at)}-error`} className={d.fieldError}>
      {error}
    </p>
  );
}
