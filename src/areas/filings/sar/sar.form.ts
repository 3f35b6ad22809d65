// A SAR's filing content as the editor holds it (text as typed), and back to the call's body; where
// the server's 400 details and the prefiling validation's problems belong in the form. Both speak
// of a field by a path: the call's `body/subjects/0/tin`, the validation's `subjects[0].tin`; the
// form names each field by the latter (`fieldPath`).
import type { FieldProblem, SarFiling, SarFilingInput, SarSubject } from '../../../api/filings/queries';

export interface SubjectForm {
  entityId: number | null;
  kind: SarSubject['kind'];
  lastOrLegalName: string;
  firstName: string;
  middleName: string;
  alternateName: string;
  tin: string;
  tinType: '' | NonNullable<SarSubject['tin_type']>;
  dateOfBirth: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  occupation: string;
  /** account numbers, one per line */
  accounts: string;
  relationship: string;
}

export interface SarForm {
  name: string;
  reviewerId: string;
  filingType: SarFilingInput['filing_type'];
  priorBsaId: string;
  activityStart: string;
  activityEnd: string;
  totalAmount: string;
  /** chosen subtype codes, and the text of an "Other" one */
  categories: Array<{ type: number; subtype: number; other: string }>;
  subjects: SubjectForm[];
  ipAddresses: Array<{ address: string; date: string }>;
  narrative: string;
}

const text = (v: string | null | undefined) => v ?? '';
const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function blankSubject(): SubjectForm {
  return {
    entityId: null,
    kind: 'INDIVIDUAL',
    lastOrLegalName: '',
    firstName: '',
    middleName: '',
    alternateName: '',
    tin: '',
    tinType: '',
    dateOfBirth: '',
    street: '',
    city: '',
    state: '',
    zip: '',
    country: 'US',
    phone: '',
    email: '',
    occupation: '',
    accounts: '',
    relationship: '',
  };
}

function subjectForm(s: SarSubject): SubjectForm {
  return {
    entityId: s.entity_id,
    kind: s.kind,
    lastOrLegalName: text(s.last_or_legal_name),
    firstName: text(s.first_name),
    middleName: text(s.middle_name),
    alternateName: text(s.alternate_name),
    tin: text(s.tin),
    tinType: s.tin_type ?? '',
    dateOfBirth: text(s.date_of_birth),
    street: text(s.address?.street),
    city: text(s.address?.city),
    state: text(s.address?.state),
    zip: text(s.address?.zip),
    country: text(s.address?.country),
    phone: text(s.phone),
    email: text(s.email),
    occupation: text(s.occupation),
    accounts: s.accounts.map((a) => a.number).join('\n'),
    relationship: text(s.relationship),
  };
}

export function formFromFiling(f: SarFiling): SarForm {
  return {
    name: f.name,
    reviewerId: f.reviewer_id === null ? '' : String(f.reviewer_id),
    filingType: f.filing_type,
    priorBsaId: text(f.prior_bsa_id),
    activityStart: text(f.activity_start),
    activityEnd: text(f.activity_end),
    totalAmount: f.total_amount === null ? '' : String(f.total_amount),
    categories: f.categories.map((c) => ({ type: c.type, subtype: c.subtype, other: text(c.other) })),
    subjects: f.subjects.map(subjectForm),
    ipAddresses: f.ip_addresses.map((ip) => ({ address: ip.address, date: text(ip.date) })),
    narrative: f.narrative,
  };
}

function subjectBody(s: SubjectForm): SarSubject {
  const address = [s.street, s.city, s.state, s.zip, s.country].some((v) => v.trim())
    ? { street: orNull(s.street), city: orNull(s.city), state: orNull(s.state.toUpperCase()), zip: orNull(s.zip), country: orNull(s.country.toUpperCase()) }
    : null;
  return {
    entity_id: s.entityId,
    kind: s.kind,
    last_or_legal_name: orNull(s.lastOrLegalName),
    first_name: s.kind === 'INDIVIDUAL' ? orNull(s.firstName) : null,
    middle_name: s.kind === 'INDIVIDUAL' ? orNull(s.middleName) : null,
    alternate_name: orNull(s.alternateName),
    tin: orNull(s.tin),
    tin_type: s.tinType === '' ? null : s.tinType,
    date_of_birth: s.kind === 'INDIVIDUAL' ? orNull(s.dateOfBirth) : null,
    address,
    phone: orNull(s.phone),
    email: orNull(s.email),
    occupation: orNull(s.occupation),
    accounts: s.accounts
      .split(/[\n,]/)
      .map((a) => a.trim())
      .filter(Boolean)
      .map((number) => ({ number, closed: false })),
    relationship: orNull(s.relationship),
  };
}

/** The call's body. A total that is not a number is sent as typed would be refused, so it is sent as null only when empty. */
export function bodyOf(f: SarForm): SarFilingInput {
  const amount = f.totalAmount.replace(/[,\s$]/g, '');
  return {
    name: f.name,
    reviewer_id: f.reviewerId === '' ? null : Number(f.reviewerId),
    filing_type: f.filingType,
    prior_bsa_id: f.filingType === 'INITIAL' ? null : orNull(f.priorBsaId),
    activity_start: orNull(f.activityStart),
    activity_end: orNull(f.activityEnd),
    total_amount: amount === '' ? null : Number(amount),
    categories: f.categories.map((c) => ({ type: c.type, subtype: c.subtype, other: orNull(c.other) })),
    subjects: f.subjects.map(subjectBody),
    ip_addresses: f.ipAddresses.filter((ip) => ip.address.trim()).map((ip) => ({ address: ip.address.trim(), date: orNull(ip.date) })),
    narrative: f.narrative,
  };
}

/** What the editor checks before sending (the server checks again): what would not even make a body. */
export function checkForm(f: SarForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!f.name.trim()) errors.name = 'A name is required.';
  const amount = f.totalAmount.replace(/[,\s$]/g, '');
  if (amount !== '' && !(Number.isFinite(Number(amount)) && Number(amount) >= 0)) errors.totalAmount = 'The amount is a number of dollars.';
  if (f.activityStart && f.activityEnd && f.activityStart > f.activityEnd) errors.activityEnd = 'The activity ends before it starts.';
  return errors;
}

const camel = (segment: string) => segment.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * A path of the call (`body/subjects/0/first_name`) or of the validation (`subjects[0].firstName`) as
 * the form's field path (`subjects[0].firstName`); a subject's address fields are the subject's own.
 */
export function fieldPath(path: string): string {
  const segments = path.startsWith('body/') ? path.slice(5).split('/') : path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let out = '';
  for (const raw of segments) {
    if (raw === 'address') continue;
    if (/^\d+$/.test(raw)) out += `[${raw}]`;
    else out += `${out ? '.' : ''}${camel(raw)}`;
  }
  return out;
}

/** The DOM id of a field, from its path. */
export const fieldId = (path: string) => `sar-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

/** Problems by field path (several may name one field: the first is shown). */
export function problemsByField(problems: readonly FieldProblem[]): Record<string, FieldProblem> {
  const out: Record<string, FieldProblem> = {};
  for (const p of problems) {
    const key = fieldPath(p.path);
    if (!out[key] || (out[key].level === 'WARN' && p.level === 'FATAL')) out[key] = p;
  }
  return out;
}

export function errorsFromDetails(details: ReadonlyArray<{ path?: string; message: string }>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of details) out[fieldPath(d.path ?? '')] ??= d.message.charAt(0).toUpperCase() + d.message.slice(1);
  return out;
}

/** The form's content as one text, to tell whether it changed. */
export const formContent = (f: SarForm) => JSON.stringify(bodyOf(f));
