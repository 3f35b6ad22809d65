// The 'ctr-entity-custom-data' right-panel view (?panel=ctr-entity-custom-data:{entityId}): what a
// CTR needs about a customer that the customer's record lacks (names, TIN, date of birth, address,
// occupation, how the filer identified them). A value here wins over the record's when a CTR
// reports the customer; an empty field leaves the record's. Read with the SAR read permission,
// saved with the SAR edit permission; a refused save keeps what was typed, each message at its field.
import { useState } from 'react';
import { TIN_TYPE_LABELS } from '../../../../core/filings/fincen-codes';
import { useCtrEntityDataQuery, useSaveCtrEntityDataMutation, type CtrEntityData, type CtrEntityDataInput } from '../../../api/filings/ctr-data';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import { longTime } from '../../../lib/time';
import { EditorActions, SubmitForm } from '../../../ui/Form';
import { describedBy, Field } from '../../../ui/FormField';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { css } from '../../../../styled-system/css';

type Data = CtrEntityDataInput;
type Saved = CtrEntityData;

const s = {
  box: css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4' }),
  note: css({ color: 'muted', fontSize: 'sm', lineHeight: '1.5' }),
  legend: css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' }),
  group: css({ border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '3' }),
};

const FIELDS = [
  'lastOrLegalName',
  'firstName',
  'middleName',
  'tin',
  'tinType',
  'dateOfBirth',
  'occupation',
  'street',
  'city',
  'state',
  'zip',
  'country',
  'idType',
  'idNumber',
  'idState',
  'idCountry',
] as const;
type Key = (typeof FIELDS)[number];
type Form = Record<Key, string>;

function formOf(data: Data): Form {
  return {
    lastOrLegalName: data.last_or_legal_name ?? '',
    firstName: data.first_name ?? '',
    middleName: data.middle_name ?? '',
    tin: data.tin ?? '',
    tinType: data.tin_type ?? '',
    dateOfBirth: data.date_of_birth ?? '',
    occupation: data.occupation ?? '',
    street: data.address?.street ?? '',
    city: data.address?.city ?? '',
    state: data.address?.state ?? '',
    zip: data.address?.zip ?? '',
    country: data.address?.country ?? '',
    idType: data.identification?.type ?? '',
    idNumber: data.identification?.number ?? '',
    idState: data.identification?.issuer_state ?? '',
    idCountry: data.identification?.issuer_country ?? '',
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

function bodyOf(f: Form): Data {
  const address = [f.street, f.city, f.state, f.zip, f.country].some((v) => v.trim())
    ? { street: orNull(f.street), city: orNull(f.city), state: orNull(f.state.toUpperCase()), zip: orNull(f.zip), country: orNull(f.country.toUpperCase()) }
    : null;
  return {
    last_or_legal_name: orNull(f.lastOrLegalName),
    first_name: orNull(f.firstName),
    middle_name: orNull(f.middleName),
    tin: orNull(f.tin),
    tin_type: f.tinType === '' ? null : (f.tinType as Data['tin_type']),
    date_of_birth: orNull(f.dateOfBirth),
    address,
    occupation: orNull(f.occupation),
    identification:
      f.idType.trim() || f.idNumber.trim()
        ? { type: f.idType.trim(), number: f.idNumber.trim(), issuer_state: orNull(f.idState), issuer_country: orNull(f.idCountry) }
        : null,
  };
}

/** The form field a 400 detail names (`body/address/zip` → zip, `body/identification/number` → idNumber). */
function fieldOf(path: string): Key | null {
  const parts = path.replace(/^body\//, '').split('/');
  const last = parts.at(-1) ?? '';
  const camel = last.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  if (parts[0] === 'identification')
    return ({ type: 'idType', number: 'idNumber', issuerState: 'idState', issuerCountry: 'idCountry' } as Record<string, Key>)[camel] ?? 'idType';
  return (FIELDS as readonly string[]).includes(camel) ? (camel as Key) : null;
}

const LABELS: Record<Key, string> = {
  lastOrLegalName: 'Last or legal name',
  firstName: 'First name',
  middleName: 'Middle name',
  tin: 'TIN',
  tinType: 'TIN type',
  dateOfBirth: 'Date of birth',
  occupation: 'Occupation or business',
  street: 'Street address',
  city: 'City',
  state: 'State',
  zip: 'ZIP or postal code',
  country: 'Country',
  idType: 'Identification document',
  idNumber: 'Document number',
  idState: 'Issuing state',
  idCountry: 'Issuing country',
};

function Editor({ entityId, saved, canEdit }: { entityId: number; saved: Saved; canEdit: boolean }) {
  const toast = useToast();
  const [form, setForm] = useState<Form>(() => formOf(saved.data));
  const [base, setBase] = useState(() => JSON.stringify(formOf(saved.data)));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveCtrEntityDataMutation(entityId);
  const dirty = JSON.stringify(form) !== base;
  const input = (k: Key, extra: { type?: string; maxLength?: number; hint?: string } = {}) => {
    const id = `ctr-${k}`;
    return (
      <Field id={id} label={LABELS[k]} error={errors[k] ?? null} hint={extra.hint}>
        <input
          id={id}
          type={extra.type ?? 'text'}
          className={d.input}
          value={form[k]}
          maxLength={extra.maxLength}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={describedBy(id, errors[k], Boolean(extra.hint))}
          onChange={(e) => {
            setForm({ ...form, [k]: e.target.value });
            setErrors(({ [k]: _gone, ...rest }) => rest);
            setFormError(null);
          }}
        />
      </Field>
    );
  };
  return (
    <SubmitForm
      label="CTR entity custom data"
      onSubmit={() =>
        save.mutate(bodyOf(form), {
          onSuccess: () => {
            setBase(JSON.stringify(form));
            toast.show({ message: 'CTR data saved.', type: 'Success' });
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 400 && error.details.length) {
              const found: Partial<Record<Key, string>> = {};
              for (const detail of error.details) {
                const k = fieldOf(detail.path ?? '');
                if (k) found[k] ??= detail.message.charAt(0).toUpperCase() + detail.message.slice(1);
              }
              setErrors(found);
              setFormError('The CTR data was not saved: some fields need attention.');
            } else setFormError('Failed to save CTR data. Please try again.');
          },
        })
      }
    >
      <fieldset className={s.group} disabled={!canEdit}>
        <legend className={s.legend}>Person</legend>
        {input('lastOrLegalName', { maxLength: 150 })}
        {input('firstName', { maxLength: 35 })}
        {input('middleName', { maxLength: 35 })}
        <Field id="ctr-tinType" label={LABELS.tinType}>
          <select id="ctr-tinType" className={d.select} value={form.tinType} onChange={(e) => setForm({ ...form, tinType: e.target.value })}>
            <option value="">Not given</option>
            {Object.entries(TIN_TYPE_LABELS).map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        {input('tin', { maxLength: 25, hint: 'Given with its type.' })}
        {input('dateOfBirth', { type: 'date' })}
        {input('occupation', { maxLength: 50 })}
      </fieldset>
      <fieldset className={s.group} disabled={!canEdit}>
        <legend className={s.legend}>Address</legend>
        {input('street', { maxLength: 100 })}
        {input('city', { maxLength: 50 })}
        {input('state', { maxLength: 3, hint: 'Two letters, e.g. NJ.' })}
        {input('zip', { maxLength: 9 })}
        {input('country', { maxLength: 2, hint: 'Two letters, e.g. US.' })}
      </fieldset>
      <fieldset className={s.group} disabled={!canEdit}>
        <legend className={s.legend}>Identification</legend>
        {input('idType', { maxLength: 50, hint: 'Driver’s license, passport…' })}
        {input('idNumber', { maxLength: 25 })}
        {input('idState', { maxLength: 3 })}
        {input('idCountry', { maxLength: 2 })}
      </fieldset>
      {canEdit ? (
        <EditorActions error={formError} dirty={dirty} saving={save.isPending} saveLabel="Save CTR data">
          {dirty ? (
            <button type="button" className={button({ variant: 'ghost' })} onClick={() => setForm(JSON.parse(base) as Form)}>
              Discard changes
            </button>
          ) : null}
        </EditorActions>
      ) : null}
    </SubmitForm>
  );
}

export default function CtrEntityDataPanel({ id }: PanelViewProps) {
  const agent = useAgent();
  const entityId = Number(id);
  const query = useCtrEntityDataQuery(entityId);
  if (!Number.isInteger(entityId) || entityId <= 0) return <p className={s.box}>No customer is named.</p>;
  if (query.isPending)
    return (
      <p className={s.box} role="status">
        Loading CTR data…
      </p>
    );
  if (query.isError)
    return (
      <p className={s.box} role="alert">
        {query.error instanceof ApiError && query.error.status === 404 ? 'This customer was not found.' : 'Failed to fetch CTR data.'}
      </p>
    );
  return (
    <div className={s.box}>
      <p className={s.note}>
        What a currency transaction report needs about this customer that their record lacks. A value here wins over the record’s; an empty field leaves the
        record’s.
        {query.data.updated_at ? ` Last saved ${longTime(query.data.updated_at)}${query.data.updated_by ? ` by ${query.data.updated_by.full_name}` : ''}.` : ''}
      </p>
      <Editor key={query.data.updated_at ?? 'new'} entityId={entityId} saved={query.data} canEdit={hasPermission(agent, 'edit_sars')} />
    </div>
  );
}
