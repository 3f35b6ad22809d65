// The Data Setting panel's options for the chosen data type, shown below the data type select.
import * as d from '../../../ui/dialog.styles';
import { describedBy, Field } from '../../../ui/FormField';
import { EnumValuesField } from './DataSettingEnumValues';
import { FIELD_IDS, type DataSettingFormModel } from './use-data-setting-form';
import * as s from './data-settings.styles';

/** The options of the chosen data type: precision, time zone, URL, enum values, reference fields. */
export function TypeOptions({ m }: { m: DataSettingFormModel }) {
  const { form, set, errors, locks } = m;
  switch (form.dataType) {
    case 'number':
      return (
        <Field id="ds-precision" label="Precision" hint="Digits after the decimal point (0 to 10).">
          <input
            id="ds-precision"
            className={d.input}
            type="number"
            min={0}
            max={10}
            value={form.precision}
            aria-describedby="ds-precision-hint"
            onChange={(e) => set('precision', e.target.value)}
          />
        </Field>
      );
    case 'date-time':
      return (
        <Field id="ds-timezone" label="Time zone" hint="An IANA name such as America/New_York; empty shows the agent's own.">
          <input
            id="ds-timezone"
            className={d.input}
            value={form.timezone}
            maxLength={64}
            aria-describedby="ds-timezone-hint"
            onChange={(e) => set('timezone', e.target.value)}
          />
        </Field>
      );
    case 'text':
      return (
        <>
          <label className={s.checkRow}>
            <input type="checkbox" checked={form.isUrl} onChange={(e) => set('isUrl', e.target.checked)} />
            Show as a link (is URL)
          </label>
          {form.isUrl ? (
            <>
              <Field id={FIELD_IDS.urlPrefix} label="URL prefix" error={errors.urlPrefix}>
                <input
                  id={FIELD_IDS.urlPrefix}
                  className={d.input}
                  value={form.urlPrefix}
                  placeholder="https://"
                  aria-invalid={Boolean(errors.urlPrefix)}
                  aria-describedby={describedBy(FIELD_IDS.urlPrefix, errors.urlPrefix)}
                  onChange={(e) => set('urlPrefix', e.target.value)}
                />
              </Field>
              <Field id="ds-url-postfix" label="URL postfix">
                <input id="ds-url-postfix" className={d.input} value={form.urlPostfix} onChange={(e) => set('urlPostfix', e.target.value)} />
              </Field>
            </>
          ) : null}
        </>
      );
    case 'enum':
      return (
        <EnumValuesField inputId={FIELD_IDS.enumSet} values={form.enumSet} onChange={(v) => set('enumSet', v)} disabled={locks.all} error={errors.enumSet} />
      );
    case 'entity_reference':
    case 'instrument_reference':
      return (
        <Field id="ds-ref-fields" label="Reference display fields" hint="Comma-separated; empty ones are dropped.">
          <input
            id="ds-ref-fields"
            className={d.input}
            value={form.referenceDisplayFields.join(',')}
            aria-describedby="ds-ref-fields-hint"
            onChange={(e) => set('referenceDisplayFields', e.target.value.split(','))}
          />
        </Field>
      );
    default:
      return null;
  }
}
