// A FINTRAC report's content as the editor holds it (text as typed), and back to the call's body;
// where the server's 400 details and the prefiling validation's problems belong in the form. Both
// speak of a field by a path: the call's `body/subjects/0/given_name`, the validation's
// `subjects[0].givenName`; the form names each field by the latter (`fintracFieldPath`). A subject's
// address fields are the subject's own; its identification's fields are `idType`, `idNumber`,
// `idJurisdictionCountry` and `idJurisdictionProvince`.
import type { FieldProblem } from '../../../api/filings/queries';
import type { FintracReport, FintracReportInput, FintracSubject, FintracTransaction } from '../../../api/filings/fintrac';

export type IdType = NonNullable<FintracSubject['identification']>['type'];

export interface FintracSubjectForm {
  entityId: number | null;
  kind: FintracSubject['kind'];
  surnameOrName: string;
  givenName: string;
  otherName: string;
  dateOfBirth: string;
  occupation: string;
  street: string;
  city: string;
  province: string;
  postalCode: string;
  country: string;
  phone: string;
  idType: '' | IdType;
  idNumber: string;
  idJurisdictionCountry: string;
  idJurisdictionProvince: string;
  /** account numbers, one per line */
  accounts: string;
}

export interface FintracTransactionForm {
  /** the Vigil transaction the line was written from; null for one typed in */
  transactionId: number | null;
  dateTime: string;
  amount: string;
  currency: string;
  fundsType: FintracTransaction['funds_type'];
  method: FintracTransaction['method'];
  direction: FintracTransaction['direction'];
  accountNumber: string;
  disposition: string;
  attempted: boolean;
}

export interface FintracForm {
  name: string;
  reviewerId: string;
  suspicion: string;
  actionTaken: string;
  subjects: FintracSubjectForm[];
  transactions: FintracTransactionForm[];
}

/** What FINTRAC takes of an STR's details of suspicion, and of its action taken. */
export const SUSPICION_LIMIT = 10_000;
export const ACTION_TAKEN_LIMIT = 2_000;

export const ID_TYPE_LABELS: Record<IdType, string> = {
  DRIVERS_LICENCE: 'Driver’s licence',
  PASSPORT: 'Passport',
  PROVINCIAL_HEALTH_CARD: 'Provincial health card',
  PERMANENT_RESIDENT_CARD: 'Permanent resident card',
  BIRTH_CERTIFICATE: 'Birth certificate',
  OTHER: 'Other',
};

export const FUNDS_TYPE_LABELS: Record<FintracTransaction['funds_type'], string> = {
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  ELECTRONIC_FUNDS_TRANSFER: 'Electronic funds transfer',
  WIRE: 'Wire transfer',
  VIRTUAL_CURRENCY: 'Virtual currency',
  OTHER: 'Other',
};

export const METHOD_LABELS: Record<FintracTransaction['method'], string> = {
  IN_PERSON: 'In person',
  ONLINE: 'Online',
  ATM: 'ATM',
  NIGHT_DEPOSIT: 'Night deposit',
  ARMOURED_CAR: 'Armoured car',
  MAIL: 'Mail',
  OTHER: 'Other',
};

const text = (v: string | null | undefined) => v ?? '';
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function blankSubject(): FintracSubjectForm {
  return {
    entityId: null,
    kind: 'PERSON',
    surnameOrName: '',
    givenName: '',
    otherName: '',
    dateOfBirth: '',
    occupation: '',
    street: '',
    city: '',
    province: '',
    postalCode: '',
    country: 'CA',
    phone: '',
    idType: '',
    idNumber: '',
    idJurisdictionCountry: '',
    idJurisdictionProvince: '',
    accounts: '',
  };
}

export function blankTransaction(cash: boolean): FintracTransactionForm {
  return {
    transactionId: null,
    dateTime: '',
    amount: '',
    currency: 'CAD',
    fundsType: cash ? 'CASH' : 'ELECTRONIC_FUNDS_TRANSFER',
    method: 'IN_PERSON',
    direction: 'IN',
    accountNumber: '',
    disposition: '',
    attempted: false,
  };
}

function subjectForm(s: FintracSubject): FintracSubjectForm {
  return {
    entityId: s.entity_id,
    kind: s.kind,
    surnameOrName: text(s.surname_or_name),
    givenName: text(s.given_name),
    otherName: text(s.other_name),
    dateOfBirth: text(s.date_of_birth),
    occupation: text(s.occupation),
    street: text(s.address?.street),
    city: text(s.address?.city),
    province: text(s.address?.province),
    postalCode: text(s.address?.postal_code),
    country: text(s.address?.country),
    phone: text(s.phone),
    idType: s.identification?.type ?? '',
    idNumber: text(s.identification?.number),
    idJurisdictionCountry: text(s.identification?.jurisdiction_country),
    idJurisdictionProvince: text(s.identification?.jurisdiction_province),
    accounts: s.accounts.join('\n'),
  };
}

function transactionForm(t: FintracTransaction): FintracTransactionForm {
  return {
    transactionId: t.transaction_id,
    dateTime: text(t.date_time),
    amount: t.amount === null ? '' : String(t.amount),
    currency: text(t.currency),
    fundsType: t.funds_type,
    method: t.method,
    direction: t.direction,
    accountNumber: text(t.account_number),
    disposition: text(t.disposition),
    attempted: t.attempted,
  };
}

export function formFromReport(r: FintracReport): FintracForm {
  return {
    name: r.name,
    reviewerId: r.reviewer_id === null ? '' : String(r.reviewer_id),
    suspicion: r.suspicion,
    actionTaken: r.action_taken,
    subjects: r.subjects.map(subjectForm),
    transactions: r.transactions.map(transactionForm),
  };
}

function subjectBody(s: FintracSubjectForm): FintracSubject {
  const person = s.kind === 'PERSON';
  const address = [s.street, s.city, s.province, s.postalCode, s.country].some((v) => v.trim())
    ? {
        street: orNull(s.street),
        city: orNull(s.city),
        province: orNull(s.province.toUpperCase()),
        postal_code: orNull(s.postalCode.toUpperCase()),
        country: orNull(s.country.toUpperCase()),
      }
    : null;
  return {
    entity_id: s.entityId,
    kind: s.kind,
    surname_or_name: orNull(s.surnameOrName),
    given_name: person ? orNull(s.givenName) : null,
    other_name: person ? orNull(s.otherName) : null,
    date_of_birth: person ? orNull(s.dateOfBirth) : null,
    occupation: orNull(s.occupation),
    address,
    phone: orNull(s.phone),
    identification:
      person && s.idType !== ''
        ? {
            type: s.idType,
            number: s.idNumber.trim(),
            jurisdiction_country: orNull(s.idJurisdictionCountry.toUpperCase()),
            jurisdiction_province: orNull(s.idJurisdictionProvince.toUpperCase()),
          }
        : null,
    accounts: s.accounts
      .split(/[\n,]/)
      .map((a) => a.trim())
      .filter(Boolean),
  };
}

const amountText = (v: string) => v.replace(/[,\s$]/g, '');

function transactionBody(t: FintracTransactionForm, str: boolean): FintracTransaction {
  const amount = amountText(t.amount);
  return {
    transaction_id: t.transactionId,
    date_time: orNull(t.dateTime),
    amount: amount === '' ? null : Number(amount),
    currency: orNull(t.currency.toUpperCase()),
    funds_type: t.fundsType,
    method: t.method,
    direction: t.direction,
    account_number: orNull(t.accountNumber),
    disposition: orNull(t.disposition),
    attempted: str ? t.attempted : false,
  };
}

/** The call's body. An LCTR has no details of suspicion nor action taken, and no attempted transaction. */
export function bodyOf(f: FintracForm, reportType: FintracReport['report_type']): FintracReportInput {
  const str = reportType === 'STR';
  return {
    name: f.name,
    reviewer_id: f.reviewerId === '' ? null : Number(f.reviewerId),
    suspicion: str ? f.suspicion : '',
    action_taken: str ? f.actionTaken : '',
    subjects: f.subjects.map(subjectBody),
    transactions: f.transactions.map((t) => transactionBody(t, str)),
  };
}

/** What the editor checks before sending (the server checks again): what would not even make a body. */
export function checkForm(f: FintracForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!f.name.trim()) errors.name = 'A name is required.';
  f.transactions.forEach((t, i) => {
    const amount = amountText(t.amount);
    if (amount !== '' && !(Number.isFinite(Number(amount)) && Number(amount) >= 0)) errors[`transactions[${i}].amount`] = 'The amount is a number of dollars.';
  });
  f.subjects.forEach((s, i) => {
    if (s.kind === 'PERSON' && s.idType !== '' && !s.idNumber.trim()) errors[`subjects[${i}].idNumber`] = 'The document’s number is required with its type.';
  });
  return errors;
}

const camel = (segment: string) => segment.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A path of the call (`body/subjects/0/given_name`) or of the validation (`subjects[0].givenName`) as
 * the form's field path (`subjects[0].givenName`); a subject's address fields are the subject's
 * own, its identification's are `id` + the field (`subjects[0].idNumber`).
 */
export function fintracFieldPath(path: string): string {
  const segments = path.startsWith('body/') ? path.slice(5).split('/') : path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let out = '';
  let prefix = '';
  for (const raw of segments) {
    if (raw === '' || raw === 'address') continue;
    if (raw === 'identification') {
      prefix = 'id';
      continue;
    }
    if (/^\d+$/.test(raw)) {
      // an account's line is the subject's accounts field
      if (!out.endsWith('.accounts')) out += `[${raw}]`;
      continue;
    }
    const name = camel(raw);
    const field = prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
    prefix = '';
    out += `${out ? '.' : ''}${field}`;
  }
  // `subjects[0].identification` alone is the document's type
  return prefix ? `${out}${out ? '.' : ''}idType` : out;
}

/** The DOM id of a field, from its path. */
export const fintracFieldId = (path: string) => `fintrac-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

/** Problems by field path (several may name one field: a fatal one wins, else the first). */
export function problemsByField(problems: readonly FieldProblem[]): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const p of problems) {
    const key = fintracFieldPath(p.path);
    if (!out[key] || (out[key].level === 'WARN' && p.level === 'FATAL')) out[key] = p;
  }
  return out;
}

export function errorsFromDetails(details: ReadonlyArray<{ path?: string; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) out[fintracFieldPath(d.path ?? '')] ??= d.message.charAt(0).toUpperCase() + d.message.slice(1);
  return out;
}

/** The form's content as one text, to tell whether it changed. */
export const formContent = (f: FintracForm) => JSON.stringify(f);
