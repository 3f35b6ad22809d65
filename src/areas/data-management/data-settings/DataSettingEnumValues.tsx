// The Data Setting panel's enum values editor.
import { useState } from 'react';
import * as d from '../../../ui/dialog.styles';
import { button, textLink } from '../../../ui/recipes';
import { ENUM_CAP, ENUM_CAP_TEXT } from '../../../../core/data-settings/rules';
import { enumAddProblem } from './data-setting.validation';
import { ShowMoreList } from './DataSettingParts';
import * as s from './data-settings.styles';
import { Field } from '../../../ui/FormField';

/** Potential values of an enum setting: case-sensitive, at most ENUM_CAP. */
export function EnumValuesField({
  values,
  onChange,
  disabled,
  error,
  inputId,
}: {
  values: string[];
  onChange: (next: string[]) => void;
  disabled: boolean;
  error?: string;
  inputId: string;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const atCap = values.length >= ENUM_CAP;
  const add = () => {
    const why = enumAddProblem(values, typed);
    setProblem(why);
    if (why) return;
    onChange([...values, typed]);
    setTyped('');
  };
  const hintId = `${inputId}-hint`;
  return (
    <Field id={inputId} label="Potential values">
      <div className={s.addRow}>
        <input
          id={inputId}
          className={d.input}
          value={typed}
          disabled={disabled || atCap}
          maxLength={255}
          aria-invalid={Boolean(problem || error)}
          aria-describedby={hintId}
          placeholder={atCap ? ENUM_CAP_TEXT : 'Add a value'}
          onChange={(e) => {
            setTyped(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className={button({ size: 'sm' })} disabled={disabled || atCap} onClick={add}>
          {atCap ? ENUM_CAP_TEXT : typed ? `Add "${typed}"` : 'Add'}
        </button>
      </div>
      <span id={hintId} className={problem || error ? d.fieldError : d.hint}>
        {problem ?? error ?? `Values are case-sensitive; at most ${ENUM_CAP}. ${values.length} so far.`}
      </span>
      <ShowMoreList
        items={values}
        label="Potential values"
        empty="No values yet."
        render={(value) => (
          <>
            <span>{value}</span>
            <button
              type="button"
              className={textLink()}
              disabled={disabled}
              aria-label={`Remove ${value}`}
              onClick={() => onChange(values.filter((v) => v !== value))}
            >
              Remove
            </button>
          </>
        )}
      />
    </Field>
  );
}
