import { isIP } from 'node:net';
import {
  COUNTRY_CODES,
  FEDERAL_REGULATORS,
  INSTITUTION_TYPES,
  STATE_COUNTRIES,
  TIN_TYPE_CODES,
  US_ADDRESS_COUNTRIES,
  isStateOf,
  subjectRelationship,
  suspiciousActivitySubtype,
  suspiciousActivityType,
  typeLabel,
} from './fincen-codes.js';
import {
  NARRATIVE_MAX_LENGTH,
  charLength,
  fincenCode,
  fincenNarrative,
  fincenPhone,
  fincenText,
  fincenTin,
  fincenZip,
  wholeDollars,
} from './fincen-sar.utils.js';
import type { Address, FieldProblem, FilerProfile, SarFiling, SarSubject, TinType } from './model.js';

/**
 * Prefiling validation: what FinCEN would refuse in a SAR (FATAL: its schema and its fatal edit
 * checks) and what it accepts but flags (WARN), field by field, before the SAR is put in a batch.
 * It measures values as the writer (fincen-sar.ts) will write them, so a SAR with no FATAL problem
 * makes a batch the schema accepts. Paths are into the SarFiling (`subjects[0].tin`) or, prefixed
 * `profile.`, into the FilerProfile.
 */

export interface PrefilingOptions {
  /** today, YYYY-MM-DD (default: today in UTC); no date may be after it */
  today?: string;
}

/** Most FinCEN allows: subjects per SAR, and categories, IP addresses and accounts per subject. */
const MAX_SUBJECTS = 999;
const MAX_REPEATS = 99;
const MAX_DOLLARS = 1e15;
const TIN_TYPES: ReadonlySet<string> = new Set(Object.keys(TIN_TYPE_CODES));

type Problems = FieldProblem[];

const fatal = (problems: Problems, path: string, message: string) => problems.push({ path, message, level: 'FATAL' });
const warn = (problems: Problems, path: string, message: string) => problems.push({ path, message, level: 'WARN' });

/** A text value: required or not, and at most `max` characters as written. */
function checkText(problems: Problems, path: string, value: string | null | undefined, label: string, max: number, required: boolean): string {
  const text = fincenText(value);
  if (text === '') {
    if (required) fatal(problems, path, `${label} is required`);
  } else if (charLength(text) > max) {
    fatal(problems, path, `${label} must be at most ${max} characters`);
  }
  return text;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Whether year, month and day make a calendar date FinCEN takes (years 1900 to 2099). */
function isDate(y: number, m: number, d: number): boolean {
  if (y < 1900 || y > 2099 || m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && !isLeap(y) ? 28 : DAYS_IN_MONTH[m - 1]);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A required date, YYYY-MM-DD, not after today; the date when it is one, else null. */
function checkDate(problems: Problems, path: string, value: string | null | undefined, label: string, today: string): string | null {
  const match = value ? DATE.exec(value) : null;
  if (!value) {
    fatal(problems, path, `${label} is required`);
    return null;
  }
  if (!match || !isDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    fatal(problems, path, `${label} must be a date (YYYY-MM-DD) from 1900 to 2099`);
    return null;
  }
  if (value > today) {
    fatal(problems, path, `${label} cannot be in the future`);
    return null;
  }
  return value;
}

/** A date of birth: YYYY-MM-DD where the month, or the day, may be 00 when unknown. */
function checkBirthDate(problems: Problems, path: string, value: string, today: string): void {
  const match = DATE.exec(value);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const known = m === 0 ? d === 0 : d === 0 ? m <= 12 : isDate(y, m, d);
  if (!match || y < 1900 || y > 2099 || !known) {
    fatal(problems, path, 'Date of birth must be a date (YYYY-MM-DD) from 1900 on, with 00 for an unknown day, or an unknown month and day');
    return;
  }
  // an unknown month or day is taken as the first, the earliest the date can be
  const earliest = `${match[1]}-${m === 0 ? '01' : match[2]}-${d === 0 ? '01' : match[3]}`;
  if (earliest > today) fatal(problems, path, 'Date of birth cannot be in the future');
}

/** A TIN of the given type: 9 digits for an EIN or SSN/ITIN (not one digit repeated, not 123456789), up to 25 characters for a foreign one. */
function checkTin(problems: Problems, path: string, tin: string | null, type: TinType | null, label: string, required: boolean): string {
  const value = fincenTin(tin);
  if (value === '') {
    if (required) fatal(problems, path, `${label} is required`);
    return value;
  }
  if (type === 'EIN' || type === 'SSN_ITIN') {
    if (!/^\d{9}$/.test(value)) fatal(problems, path, `${label} must be 9 digits`);
    else if (/^(\d)\1{8}$/.test(value)) fatal(problems, path, `${label} cannot be one digit repeated`);
    else if (value === '123456789') fatal(problems, path, `${label} 123456789 is not a valid TIN`);
  } else if (charLength(value) > 25) {
    fatal(problems, path, `${label} must be at most 25 characters`);
  }
  return value;
}

/** A phone number: 1 to 16 digits (FinCEN records the digits only). */
function checkPhone(problems: Problems, path: string, phone: string | null, label: string, required: boolean): void {
  const digits = fincenPhone(phone);
  if (digits === '') {
    if (required || fincenText(phone) !== '') fatal(problems, path, `${label} must have digits`);
  } else if (digits.length > 16) {
    fatal(problems, path, `${label} must have at most 16 digits`);
  }
}

const STATE_NAMES: Record<string, string> = { CA: 'a Canadian province', MX: 'a Mexican state' };

/**
 * An address. `required`: an institution's or the transmitter's, where FinCEN needs the street, city,
 * country, and for the US, its territories, Canada and Mexico the state and postal code. Otherwise
 * (a subject's, a branch's) each part may be unknown, but what is given must be right.
 */
function checkAddress(problems: Problems, path: string, address: Address | null, required: boolean): void {
  const a = address ?? { street: null, city: null, state: null, zip: null, country: null };
  checkText(problems, `${path}.street`, a.street, 'Street address', 100, required);
  checkText(problems, `${path}.city`, a.city, 'City', 50, required);
  const country = fincenCode(a.country);
  if (country === '') {
    if (required) fatal(problems, `${path}.country`, 'Country is required');
  } else if (!COUNTRY_CODES.has(country)) {
    fatal(problems, `${path}.country`, 'Country must be a two-letter ISO country code');
  }
  const usLike = US_ADDRESS_COUNTRIES.has(country);
  const state = fincenCode(a.state);
  if (state !== '') {
    if (country === '') {
      if (!['US', 'CA', 'MX'].some((c) => isStateOf(c, state)))
        fatal(problems, `${path}.state`, 'State must be a US state or territory, Canadian province or Mexican state code');
    } else if (STATE_COUNTRIES.has(country)) {
      if (!isStateOf(country, state)) fatal(problems, `${path}.state`, `State must be ${STATE_NAMES[country] ?? 'a US state or territory'} code`);
    } else {
      warn(problems, `${path}.state`, 'A state is recorded only for the US, Canada and Mexico: it is left out');
    }
  } else if (required && STATE_COUNTRIES.has(country)) {
    fatal(problems, `${path}.state`, 'State is required');
  }
  const zip = fincenZip(a.zip, country);
  if (zip !== '') {
    if (usLike && !/^\d{5}(\d{4})?$/.test(zip)) fatal(problems, `${path}.zip`, 'ZIP code must be 5 or 9 digits');
    else if (!usLike && charLength(zip) > 9) fatal(problems, `${path}.zip`, 'Postal code must be at most 9 characters');
  } else if (required && STATE_COUNTRIES.has(country)) {
    fatal(problems, `${path}.zip`, usLike ? 'ZIP code is required' : 'Postal code is required');
  }
}

function checkProfile(problems: Problems, profile: FilerProfile): void {
  const t = profile.transmitter;
  checkText(problems, 'profile.transmitter.name', t.name, 'Transmitter name', 150, true);
  checkTin(problems, 'profile.transmitter.tin', t.tin, 'EIN', 'Transmitter TIN', true);
  const tcc = checkText(problems, 'profile.transmitter.tcc', t.tcc, 'Transmitter Control Code', 25, true);
  if (tcc !== '' && !/^[A-Za-z0-9]{8}$/.test(tcc)) warn(problems, 'profile.transmitter.tcc', 'A Transmitter Control Code is 8 letters and digits');
  checkAddress(problems, 'profile.transmitter.address', t.address, true);
  checkPhone(problems, 'profile.transmitter.phone', t.phone, 'Transmitter phone number', true);
  checkText(problems, 'profile.transmitter.contactName', t.contactName, 'Transmitter contact name', 150, true);

  const inst = profile.institution;
  checkText(problems, 'profile.institution.legalName', inst.legalName, 'Institution legal name', 150, true);
  if (!TIN_TYPES.has(inst.tinType)) fatal(problems, 'profile.institution.tinType', 'TIN type must be EIN, SSN/ITIN or foreign');
  checkTin(problems, 'profile.institution.tin', inst.tin, inst.tinType, 'Institution TIN', true);
  const regulator = fincenText(inst.primaryRegulator);
  if (!FEDERAL_REGULATORS.some((r) => r.code === regulator))
    fatal(problems, 'profile.institution.primaryRegulator', 'Primary federal regulator must be one of FinCEN’s regulator codes');
  const type = fincenText(inst.institutionType);
  if (!INSTITUTION_TYPES.some((r) => r.code === type))
    fatal(problems, 'profile.institution.institutionType', 'Institution type must be one of FinCEN’s institution type codes');
  checkText(problems, 'profile.institution.rssd', inst.rssd, 'RSSD number', 25, false);
  checkAddress(problems, 'profile.institution.address', inst.address, true);
  checkText(problems, 'profile.institution.contactOffice.name', inst.contactOffice.name, 'Contact office name', 150, true);
  checkPhone(problems, 'profile.institution.contactOffice.phone', inst.contactOffice.phone, 'Contact office phone number', true);
}

function checkSubject(problems: Problems, s: SarSubject, path: string, today: string): void {
  const individual = s.kind === 'INDIVIDUAL';
  if (!individual && s.kind !== 'ORGANIZATION') fatal(problems, `${path}.kind`, 'A subject is an individual or an organization');
  const last = checkText(problems, `${path}.lastOrLegalName`, s.lastOrLegalName, individual ? 'Last name' : 'Legal name', 150, false);
  const first = individual ? checkText(problems, `${path}.firstName`, s.firstName, 'First name', 35, false) : '';
  if (individual) checkText(problems, `${path}.middleName`, s.middleName, 'Middle name', 35, false);
  checkText(problems, `${path}.alternateName`, s.alternateName, individual ? 'Also-known-as name' : 'Doing-business-as name', 150, false);

  if (s.tinType !== null && !TIN_TYPES.has(s.tinType)) fatal(problems, `${path}.tinType`, 'TIN type must be EIN, SSN/ITIN or foreign');
  const tin = checkTin(problems, `${path}.tin`, s.tin, s.tinType, 'TIN', false);
  if (tin !== '' && s.tinType === null) fatal(problems, `${path}.tinType`, 'Choose the TIN type (EIN, SSN/ITIN or foreign)');

  const dob = fincenText(s.dateOfBirth);
  if (dob !== '') {
    if (individual) checkBirthDate(problems, `${path}.dateOfBirth`, dob, today);
    else warn(problems, `${path}.dateOfBirth`, 'A date of birth is recorded only for individuals: it is left out');
  }
  checkAddress(problems, `${path}.address`, s.address, false);
  checkPhone(problems, `${path}.phone`, s.phone, 'Phone number', false);
  const email = checkText(problems, `${path}.email`, s.email, 'E-mail address', 517, false);
  if (email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) warn(problems, `${path}.email`, 'E-mail address does not look like one');
  checkText(problems, `${path}.occupation`, s.occupation, individual ? 'Occupation' : 'Type of business', 50, false);

  if (s.accounts.length > MAX_REPEATS) fatal(problems, `${path}.accounts`, `A subject can list at most ${MAX_REPEATS} accounts`);
  s.accounts.forEach((account, i) => checkText(problems, `${path}.accounts[${i}].number`, account.number, 'Account number', 40, true));

  if (s.relationship !== null && !subjectRelationship(s.relationship))
    fatal(problems, `${path}.relationship`, 'Relationship must be one of the relationships FinCEN lists');

  const a = s.address;
  const noAddress = !a || [a.street, a.city, a.state, a.zip, a.country].every((part) => fincenText(part) === '');
  if (last === '' && first === '' && tin === '' && (dob === '' || !individual) && noAddress) {
    warn(problems, path, 'Nothing identifies this subject: the report will say that all critical subject information is unavailable');
  } else if (tin === '' && (dob === '' || !individual)) {
    warn(
      problems,
      `${path}.tin`,
      individual ? 'No TIN and no date of birth: FinCEN accepts the subject but flags it' : 'No TIN: FinCEN accepts the subject but flags it',
    );
  }
}

/** What FinCEN would refuse (FATAL) or flag (WARN) in `filing`, filed by `profile`. */
export function validateSar(filing: SarFiling, profile: FilerProfile, options: PrefilingOptions = {}): FieldProblem[] {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const problems: Problems = [];

  const prior = fincenText(filing.priorBsaId);
  if (filing.filingType === 'CORRECT_AMEND' && prior === '') fatal(problems, 'priorBsaId', 'A correction needs the BSA ID of the report it corrects');
  else if (filing.filingType === 'CONTINUING' && prior === '')
    warn(problems, 'priorBsaId', 'FinCEN asks for the BSA ID of the prior report on a continuing activity report');
  else if (filing.filingType !== 'INITIAL' && !/^\d{14}$/.test(prior)) fatal(problems, 'priorBsaId', 'The prior report’s BSA ID must be 14 digits');
  if (!['INITIAL', 'CORRECT_AMEND', 'CONTINUING'].includes(filing.filingType))
    fatal(problems, 'filingType', 'The report is initial, a correction or continuing activity');
  checkText(problems, 'internalControlNumber', filing.internalControlNumber, 'Internal control number', 25, false);

  const filed = checkDate(problems, 'filingDate', filing.filingDate, 'Filing date', today);
  const start = checkDate(problems, 'activityStart', filing.activityStart, 'Start of the activity', today);
  const end = checkDate(problems, 'activityEnd', filing.activityEnd, 'End of the activity', today);
  if (start && end && start > end) fatal(problems, 'activityEnd', 'The activity cannot end before it starts');
  if (end && filed && end > filed) fatal(problems, 'activityEnd', 'The activity cannot end after the filing date');

  const amount = filing.totalAmount;
  if (amount !== null) {
    if (!Number.isFinite(amount)) fatal(problems, 'totalAmount', 'Amount must be a number');
    else if (amount < 0) fatal(problems, 'totalAmount', 'Amount cannot be negative');
    else if (wholeDollars(amount) >= MAX_DOLLARS) fatal(problems, 'totalAmount', 'Amount must be less than 1,000,000,000,000,000 dollars');
  }

  if (filing.categories.length === 0) fatal(problems, 'categories', 'Choose at least one suspicious activity category');
  if (filing.categories.length > MAX_REPEATS) fatal(problems, 'categories', `A report can have at most ${MAX_REPEATS} categories`);
  const seen = new Set<number>();
  filing.categories.forEach((c, i) => {
    const path = `categories[${i}]`;
    const subtype = suspiciousActivitySubtype(c.subtype);
    if (!suspiciousActivityType(c.type)) fatal(problems, `${path}.type`, `${c.type} is not a FinCEN suspicious activity type`);
    else if (!subtype) fatal(problems, `${path}.subtype`, `${c.subtype} is not a FinCEN suspicious activity subtype`);
    else if (subtype.type !== c.type) fatal(problems, `${path}.subtype`, `“${subtype.label}” is not a kind of ${typeLabel(c.type)}`);
    if (seen.has(c.subtype)) fatal(problems, `${path}.subtype`, 'This category is already on the report');
    seen.add(c.subtype);
    if (subtype?.other) checkText(problems, `${path}.other`, c.other, `The description of “Other” (${typeLabel(subtype.type)})`, 50, true);
  });

  if (filing.subjects.length === 0) fatal(problems, 'subjects', 'Add at least one subject');
  if (filing.subjects.length > MAX_SUBJECTS) fatal(problems, 'subjects', `A report can have at most ${MAX_SUBJECTS} subjects`);
  filing.subjects.forEach((s, i) => checkSubject(problems, s, `subjects[${i}]`, today));

  if (filing.ipAddresses.length > MAX_REPEATS) fatal(problems, 'ipAddresses', `A report can list at most ${MAX_REPEATS} IP addresses`);
  filing.ipAddresses.forEach((ip, i) => {
    const address = checkText(problems, `ipAddresses[${i}].address`, ip.address, 'IP address', 39, true);
    if (address !== '' && charLength(address) <= 39 && isIP(address) === 0)
      fatal(problems, `ipAddresses[${i}].address`, 'IP address must be an IPv4 or IPv6 address');
    if (ip.date) checkDate(problems, `ipAddresses[${i}].date`, ip.date, 'Date of the IP address', today);
  });

  const narrative = fincenNarrative(filing.narrative);
  const length = charLength(narrative);
  if (length === 0) fatal(problems, 'narrative', 'The narrative is required');
  else if (length > NARRATIVE_MAX_LENGTH)
    fatal(
      problems,
      'narrative',
      `The narrative must be at most ${NARRATIVE_MAX_LENGTH.toLocaleString('en-US')} characters (it has ${length.toLocaleString('en-US')})`,
    );

  if (filing.branch) checkAddress(problems, 'branch.address', filing.branch.address, false);

  checkProfile(problems, profile);
  return problems;
}
