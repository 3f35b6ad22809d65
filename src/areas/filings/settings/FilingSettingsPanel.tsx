// The 'filing-settings' right-panel view (?panel=filing-settings, from Filing settings on /filings):
// the organisation's FinCEN filer profile (who transmits SAR and CTR batches and which institution
// files them, when a continuing-activity review falls due, how often a batch is sent; read with
// read_sars, saved with edit_sars_config) and its FINTRAC reporting entity (enrolment number,
// location, contact, daily LCTR drafting, send attempts; read with read_fintrac_filings, saved with
// edit_fintrac_config). Each section is shown when the agent may read it and is read-only without
// its edit permission; a refused save keeps what was typed with each message at its field.
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { ApiError } from '../../../api/errors';
import { useFilingSettingsQuery, useFintracSettingsQuery, useSaveFilingSettingsMutation, useSaveFintracSettingsMutation } from '../../../api/filings/fintrac';
import { useAgent } from '../../../app/auth/auth-context';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import { EditorActions, SubmitForm } from '../../../ui/Form';
import { describedBy, Field } from '../../../ui/FormField';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import {
  checkSettings,
  FINCEN_GROUPS,
  fincenBody,
  fincenForm,
  FINTRAC_GROUPS,
  fintracBody,
  fintracForm,
  keyOf,
  type FieldGroup,
  type FieldSpec,
  type SettingsForm,
} from './settings.form';

export const SETTINGS_FIX_TEXT = 'The settings were not saved: some fields need attention.';
export const SETTINGS_SAVE_FAILED_TEXT = 'Failed to save the settings. Please try again.';
export const NO_SETTINGS_TEXT = 'You may not read the filing settings.';

const s = {
  box: css({ display: 'flex', flexDirection: 'column', gap: '6', p: '4' }),
  section: css({ display: 'flex', flexDirection: 'column', gap: '3' }),
  heading: css({ fontSize: 'md', fontWeight: 'semibold' }),
  note: css({ color: 'muted', fontSize: 'sm', lineHeight: '1.5' }),
  group: css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '3' }),
  legend: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' }),
  check: css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' }),
};

function Input({
  spec,
  prefix,
  value,
  error,
  onChange,
}: {
  spec: FieldSpec;
  prefix: string;
  value: string | boolean;
  error?: string;
  onChange: (v: string | boolean) => void;
}) {
  const id = `${prefix}-${spec.key.replace(/[._]/g, '-')}`;
  if (spec.kind === 'checkbox')
    return (
      <div className={d.field}>
        <label className={s.check} htmlFor={id}>
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span>{spec.label}</span>
        </label>
        {error ? (
          <span id={`${id}-error`} className={d.fieldError}>
            {error}
          </span>
        ) : null}
      </div>
    );
  return (
    <Field id={id} label={spec.label} error={error ?? null} hint={spec.hint}>
      {spec.kind === 'select' ? (
        <select
          id={id}
          className={d.select}
          value={String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, Boolean(spec.hint))}
          onChange={(e) => onChange(e.target.value)}
        >
          {(spec.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={spec.kind === 'number' ? 'text' : (spec.kind ?? 'text')}
          inputMode={spec.kind === 'number' ? 'numeric' : undefined}
          className={d.input}
          value={String(value)}
          maxLength={spec.maxLength}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, Boolean(spec.hint))}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

interface EditorProps<T> {
  label: string;
  prefix: string;
  groups: readonly FieldGroup[];
  initial: SettingsForm;
  canEdit: boolean;
  bodyOf: (form: SettingsForm) => T;
  save: (body: T, done: { onSuccess: () => void; onError: (e: Error) => void }) => void;
  saving: boolean;
  saveLabel: string;
  savedText: string;
}

function SettingsEditor<T>({ label, prefix, groups, initial, canEdit, bodyOf, save, saving, saveLabel, savedText }: EditorProps<T>) {
  const toast = useToast();
  const [form, setForm] = useState<SettingsForm>(initial);
  const [base, setBase] = useState(() => JSON.stringify(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = JSON.stringify(form) !== base;

  const submit = () => {
    if (saving) return;
    const local = checkSettings(form, groups);
    if (Object.keys(local).length) {
      setErrors(local);
      setFormError(SETTINGS_FIX_TEXT);
      return;
    }
    save(bodyOf(form), {
      onSuccess: () => {
        setErrors({});
        setFormError(null);
        setBase(JSON.stringify(form));
        toast.show({ message: savedText, type: 'Success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          const found: Record<string, string> = {};
          const unplaced: string[] = [];
          for (const detail of error.details) {
            const key = keyOf(detail.path, groups);
            const message = detail.message.charAt(0).toUpperCase() + detail.message.slice(1);
            if (key) found[key] ??= message;
            else unplaced.push(message);
          }
          setErrors(found);
          // the server's own words when no field holds them
          setFormError(Object.keys(found).length && !unplaced.length ? SETTINGS_FIX_TEXT : [error.message, ...unplaced].join(' '));
        } else setFormError(error instanceof ApiError && error.status === 403 ? error.message : SETTINGS_SAVE_FAILED_TEXT);
      },
    });
  };

  return (
    <SubmitForm label={label} onSubmit={submit}>
      {groups.map((g) => (
        <fieldset key={g.legend} className={s.group} disabled={!canEdit}>
          <legend className={s.legend}>{g.legend}</legend>
          {g.fields.map((f) => (
            <Input
              key={f.key}
              spec={f}
              prefix={prefix}
              value={form[f.key] ?? ''}
              error={errors[f.key]}
              onChange={(v) => {
                setForm((now) => ({ ...now, [f.key]: v }));
                setErrors(({ [f.key]: _gone, ...rest }) => rest);
                setFormError(null);
              }}
            />
          ))}
        </fieldset>
      ))}
      {canEdit ? (
        <EditorActions error={formError} dirty={dirty} saving={saving} saveLabel={saveLabel}>
          {dirty ? (
            <button
              type="button"
              className={button({ variant: 'ghost' })}
              onClick={() => {
                setForm(JSON.parse(base) as SettingsForm);
                setErrors({});
                setFormError(null);
              }}
            >
              Discard changes
            </button>
          ) : null}
        </EditorActions>
      ) : null}
    </SubmitForm>
  );
}

function loadError(error: Error, what: string) {
  return (
    <p role="alert" className={d.fieldError}>
      {error instanceof ApiError && error.status === 403 ? error.message : `Failed to fetch the ${what}.`}
    </p>
  );
}

function FincenSection({ canEdit }: { canEdit: boolean }) {
  const query = useFilingSettingsQuery();
  const save = useSaveFilingSettingsMutation();
  return (
    <section className={s.section} aria-labelledby="filing-settings-fincen">
      <h2 id="filing-settings-fincen" className={s.heading}>
        FinCEN filer profile
      </h2>
      <p className={s.note}>
        Who transmits SAR and CTR batches to FinCEN and which institution files them. A SAR’s prefiling validation fails until the profile is set.
        {canEdit ? '' : ' You may read these settings but not change them.'}
      </p>
      {query.isPending ? (
        <p role="status">Loading the FinCEN settings…</p>
      ) : query.isError ? (
        loadError(query.error, 'FinCEN settings')
      ) : (
        <SettingsEditor
          label="FinCEN filer profile"
          prefix="fincen"
          groups={FINCEN_GROUPS}
          initial={fincenForm(query.data)}
          canEdit={canEdit}
          bodyOf={fincenBody}
          save={(body, done) => save.mutate(body, done)}
          saving={save.isPending}
          saveLabel="Save FinCEN settings"
          savedText="FinCEN settings saved."
        />
      )}
    </section>
  );
}

function FintracSection({ canEdit }: { canEdit: boolean }) {
  const query = useFintracSettingsQuery();
  const save = useSaveFintracSettingsMutation();
  return (
    <section className={s.section} aria-labelledby="filing-settings-fintrac">
      <h2 id="filing-settings-fintrac" className={s.heading}>
        FINTRAC reporting entity
      </h2>
      <p className={s.note}>
        Who reports to FINTRAC and who answers FINTRAC’s questions about a report. A report’s prefiling validation fails until the reporting entity number is
        set.{canEdit ? '' : ' You may read these settings but not change them.'}
      </p>
      {query.isPending ? (
        <p role="status">Loading the FINTRAC settings…</p>
      ) : query.isError ? (
        loadError(query.error, 'FINTRAC settings')
      ) : (
        <SettingsEditor
          label="FINTRAC reporting entity"
          prefix="fintrac"
          groups={FINTRAC_GROUPS}
          initial={fintracForm(query.data)}
          canEdit={canEdit}
          bodyOf={fintracBody}
          save={(body, done) => save.mutate(body, done)}
          saving={save.isPending}
          saveLabel="Save FINTRAC settings"
          savedText="FINTRAC settings saved."
        />
      )}
    </section>
  );
}

/** Which sections the agent may see and change. */
export function settingsAccess(agent: Parameters<typeof hasPermission>[0]) {
  return {
    fincen: hasPermission(agent, 'read_sars'),
    fincenEdit: hasPermission(agent, 'read_sars') && hasPermission(agent, 'edit_sars_config'),
    fintrac: hasPermission(agent, 'read_fintrac_filings'),
    fintracEdit: hasPermission(agent, 'read_fintrac_filings') && hasPermission(agent, 'edit_fintrac_config'),
  };
}

export default function FilingSettingsPanel(_props: PanelViewProps) {
  const agent = useAgent();
  const access = settingsAccess(agent);
  if (!access.fincen && !access.fintrac) return <p className={s.box}>{NO_SETTINGS_TEXT}</p>;
  return (
    <div className={s.box}>
      {access.fincen ? <FincenSection canEdit={access.fincenEdit} /> : null}
      {access.fintrac ? <FintracSection canEdit={access.fintracEdit} /> : null}
    </div>
  );
}
