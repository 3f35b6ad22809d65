// The rule's SAR categories: the FinCEN suspicious activity subtypes a SAR written about its alerts
// starts with (spec field `sar_categories`). A list box of FinCEN's list, grouped by type, several
// chosen with Ctrl or Shift (or Space) as any multiple select.
import { SUSPICIOUS_ACTIVITY_SUBTYPES, SUSPICIOUS_ACTIVITY_TYPES } from '../../../../core/filings/fincen-codes';
import { describedBy, Field } from '../../../ui/FormField';
import * as d from '../../../ui/dialog.styles';
import { css } from '../../../../styled-system/css';
import { fieldId, useRuleEditorContext } from './editor-context';

const AT = 'spec/sar_categories';
const list = css({ minHeight: '40', py: '1' });

export function SarCategoriesField({ value, onChange }: { value: readonly number[]; onChange: (value: number[]) => void }) {
  const { errors } = useRuleEditorContext();
  const id = fieldId(AT);
  const hint = 'What a SAR about this rule’s alerts is filed as (FinCEN’s categories); none, several with Ctrl or Shift.';
  return (
    <Field id={id} label="SAR categories" error={errors[AT]} hint={hint}>
      <select
        id={id}
        multiple
        className={`${d.select} ${list}`}
        value={value.map(String)}
        aria-invalid={errors[AT] ? true : undefined}
        aria-describedby={describedBy(id, errors[AT])}
        onChange={(e) => onChange([...e.target.selectedOptions].map((o) => Number(o.value)))}
      >
        {SUSPICIOUS_ACTIVITY_TYPES.map((type) => (
          <optgroup key={type.id} label={type.label}>
            {SUSPICIOUS_ACTIVITY_SUBTYPES.filter((s) => s.type === type.id && !s.other).map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </Field>
  );
}
