// The editor's inputs. Each takes the dot path of its field, reads its value and error from the
// editor context and shows the error under itself (spec part 2 section 5 messages). Numbers are
// typed as text so "Must be a number." can be seen and a refused save keeps what was typed.
import type { ReactNode } from 'react';
import * as d from '../../../ui/dialog.styles';
import { Field } from '../../../ui/FormField';
import { fieldId, useEditor } from './editor-context';
import { getAt } from './riskModel.form';
import { scalarText } from '../../../../core/scalar-text';
import { Options } from '../../../ui/Options';

function Shell({ path, label, hint, children }: { path: string; label: string; hint?: string; children: ReactNode }) {
  const { errors } = useEditor();
  return (
    <Field id={fieldId(path)} label={label} error={errors[path]} hint={hint}>
      {children}
    </Field>
  );
}

function a11y(path: string, error: string | undefined, hint: string | undefined) {
  const id = fieldId(path);
  return { id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined };
}

export function TextField({ path, label, hint, list, maxLength = 200 }: { path: string; label: string; hint?: string; list?: string; maxLength?: number }) {
  const { form, errors, set } = useEditor();
  return (
    <Shell path={path} label={label} hint={hint}>
      <input
        className={d.input}
        value={scalarText(getAt(form, path))}
        list={list}
        maxLength={maxLength}
        {...a11y(path, errors[path], hint)}
        onChange={(e) => set(path, e.target.value)}
      />
    </Shell>
  );
}

/** A number as typed: inputMode decimal for the keyboard, checked by the shared rules. */
export function NumberField({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const { form, errors, set } = useEditor();
  return (
    <Shell path={path} label={label} hint={hint}>
      <input
        className={d.input}
        inputMode="decimal"
        maxLength={50}
        value={scalarText(getAt(form, path))}
        {...a11y(path, errors[path], hint)}
        onChange={(e) => set(path, e.target.value)}
      />
    </Shell>
  );
}

export function SelectField<T extends string | number>({
  path,
  label,
  options,
  hint,
  empty,
  parse,
}: {
  path: string;
  label: string;
  options: readonly { value: T; label: string }[];
  hint?: string;
  /** the label of the empty choice, when the field may be left empty */
  empty?: string;
  parse?: (raw: string) => unknown;
}) {
  const { form, errors, set } = useEditor();
  const value = getAt(form, path);
  return (
    <Shell path={path} label={label} hint={hint}>
      <select
        className={d.select}
        value={scalarText(value)}
        {...a11y(path, errors[path], hint)}
        onChange={(e) => set(path, e.target.value === '' ? null : parse ? parse(e.target.value) : e.target.value)}
      >
        {empty !== undefined || value === null || value === undefined || value === '' ? <option value="">{empty ?? 'Choose…'}</option> : null}
        <Options items={options} value={(o) => String(o.value)} label={(o) => o.label} />
      </select>
    </Shell>
  );
}
