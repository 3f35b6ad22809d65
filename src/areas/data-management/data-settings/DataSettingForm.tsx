// The Data Setting panel's form: "Add Custom Data Setting" (setting null) or "Edit Data Setting".
// Every rule is in data-setting.validation.ts; this file lays the fields out and shows the locks.
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import {
  ADD_TITLE,
  CLASSIFIER_LABELS,
  CLASSIFIERS,
  DATA_TYPE_LABELS,
  DATA_TYPES,
  EDIT_TITLE,
  FLOW_LABELS,
  type DataSetting,
  type DataSettingType,
  type FlowDirection,
} from './data-setting.constants';
import { keyPathParts } from '../../../../core/data-settings/rules';
import { isReferenceType, needsDirectionality } from './data-setting.validation';
import { CensorshipSection } from './DataSettingCensorship';
import { describedBy, Field } from '../../../ui/FormField';
import { UsedBy } from './DataSettingParts';
import { TypeOptions } from './DataSettingTypeOptions';
import { FIELD_IDS, useDataSettingForm } from './use-data-setting-form';
import * as s from './data-settings.styles';
import { Options } from '../../../ui/Options';

export function DataSettingForm({
  setting,
  onCreated,
  onCancel,
}: {
  setting: DataSetting | null;
  onCreated: (saved: DataSetting) => void;
  onCancel: () => void;
}) {
  const m = useDataSettingForm(setting, onCreated);
  const { form, set, locks, errors } = m;
  const isNative = m.keyType === 'NATIVE';
  const implementationHint = 'Set by the implementation team.';

  return (
    <form
      className={s.panelBody}
      aria-labelledby="ds-heading"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        m.save();
      }}
    >
      <h3 id="ds-heading" className={s.heading}>
        {m.mode === 'add' ? ADD_TITLE : EDIT_TITLE}
      </h3>
      {locks.all ? (
        <p className={s.note} role="note">
          {setting && isReferenceType(setting.data_type) && m.canEdit
            ? 'Reference data settings can be changed only by the implementation team.'
            : 'You can view this data setting; editing it needs permission to edit custom data settings.'}
        </p>
      ) : null}
      <fieldset className={s.fieldset} disabled={locks.all}>
        <Field
          id={FIELD_IDS.keyPath}
          label="Key path"
          error={errors.keyPath}
          hint={m.mode === 'edit' ? 'The key path cannot change after creation.' : 'Dot notation, such as entity.address.city.'}
        >
          <input
            id={FIELD_IDS.keyPath}
            className={d.input}
            value={form.keyPath}
            readOnly={locks.keyPath}
            aria-invalid={Boolean(errors.keyPath)}
            aria-describedby={describedBy(FIELD_IDS.keyPath, errors.keyPath)}
            onChange={(e) => set('keyPath', e.target.value)}
          />
        </Field>
        {m.mode === 'add' && form.keyPath ? (
          <ol className={s.parts} aria-label="Key path parts">
            {keyPathParts(form.keyPath).map((p, i) => (
              <li key={i} className={s.part}>
                {p || ' '}
              </li>
            ))}
          </ol>
        ) : null}
        {m.warnings.map((w) => (
          <p key={w} className={s.warning} role="status">
            {w}
          </p>
        ))}
        <Field id={FIELD_IDS.label} label="Label" error={errors.label}>
          <input
            id={FIELD_IDS.label}
            className={d.input}
            value={form.label}
            maxLength={255}
            aria-invalid={Boolean(errors.label)}
            aria-describedby={describedBy(FIELD_IDS.label, errors.label)}
            onChange={(e) => set('label', e.target.value)}
          />
        </Field>
        <Field id="ds-description" label="Description">
          <textarea id="ds-description" className={d.textarea} value={form.description} maxLength={4000} onChange={(e) => set('description', e.target.value)} />
        </Field>
        <Field id="ds-classifier" label="Classifier">
          <select
            id="ds-classifier"
            className={d.select}
            value={form.classifier}
            onChange={(e) => set('classifier', e.target.value as DataSetting['classifier'])}
          >
            <Options items={CLASSIFIERS} value={(c) => c} label={(c) => CLASSIFIER_LABELS[c]} />
          </select>
        </Field>
        <Field id="ds-type" label="Data type" hint={isNative ? 'Native data settings keep their data type.' : undefined}>
          <select
            id="ds-type"
            className={d.select}
            value={form.dataType}
            disabled={locks.dataType}
            aria-describedby="ds-type-hint"
            onChange={(e) => set('dataType', e.target.value as DataSettingType)}
          >
            <Options items={DATA_TYPES} value={(t) => t} label={(t) => DATA_TYPE_LABELS[t]} />
          </select>
        </Field>
        <TypeOptions m={m} />
        {needsDirectionality(m.keyType, form.classifier, form.dataType) || form.configuredFlow ? (
          <Field
            id={FIELD_IDS.configuredFlow}
            label="Directionality"
            error={errors.configuredFlow}
            hint={locks.configuredFlow ? implementationHint : undefined}
          >
            <select
              id={FIELD_IDS.configuredFlow}
              className={d.select}
              value={form.configuredFlow}
              disabled={locks.configuredFlow}
              aria-invalid={Boolean(errors.configuredFlow)}
              aria-describedby={describedBy(FIELD_IDS.configuredFlow, errors.configuredFlow)}
              onChange={(e) => set('configuredFlow', e.target.value as FlowDirection | '')}
            >
              <option value="">Choose…</option>
              <Options items={Object.keys(FLOW_LABELS) as FlowDirection[]} value={(f) => f} label={(f) => FLOW_LABELS[f]} />
            </select>
          </Field>
        ) : null}
        <Field id="ds-semantic" label="Semantic type" hint={locks.semanticType ? implementationHint : undefined}>
          <input
            id="ds-semantic"
            className={d.input}
            value={form.semanticType}
            maxLength={64}
            disabled={locks.semanticType}
            aria-describedby="ds-semantic-hint"
            onChange={(e) => set('semanticType', e.target.value)}
          />
        </Field>
        <label className={s.checkRow}>
          <input type="checkbox" checked={form.matchable} disabled={locks.matchable} onChange={(e) => set('matchable', e.target.checked)} />
          Matchable in network analysis
          {locks.matchable ? ` (${implementationHint.toLowerCase().replace(/\.$/, '')})` : ''}
        </label>
        <label className={s.checkRow}>
          <input type="checkbox" checked={form.exported} disabled={locks.exported} onChange={(e) => set('exported', e.target.checked)} />
          Exported
          {isNative ? ' (native data settings keep their export behaviour)' : ''}
        </label>
        <CensorshipSection m={m} />
      </fieldset>
      {setting ? <UsedBy setting={setting} /> : null}
      {m.serverError ? (
        <p role="alert" className={d.formError}>
          {m.serverError}
        </p>
      ) : null}
      <div className={d.actions}>
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onCancel}>
          {locks.all ? 'Close' : 'Cancel'}
        </button>
        {locks.all ? null : (
          <button type="submit" className={button({ variant: 'primary', size: 'sm' })} disabled={m.saving}>
            {m.saving ? 'Saving…' : m.mode === 'add' ? 'Add data setting' : 'Save'}
          </button>
        )}
      </div>
    </form>
  );
}
