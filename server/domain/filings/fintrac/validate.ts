import type { FieldProblem } from '../model.js';
import {
  LCTR_THRESHOLD,
  PROVINCES,
  STR_ACTION_LIMIT,
  STR_SUSPICION_LIMIT,
  type FintracAddress,
  type FintracFiling,
  type FintracSettings,
  type FintracSubject,
  type FintracTransaction,
} from './model.js';

/**
 * Prefiling validation of a FINTRAC report: what FINTRAC's validation rules would reject (FATAL) or
 * question (WARN), per field, before the report is sent. Paths name the report's fields as the
 * console shows them (`subjects[0].address.postal_code`, `transactions[2].amount`).
 */

const fatal = (path: string, message: string): FieldProblem => ({ path, message, level: 'FATAL' });
const warn = (path: string, message: string): FieldProblem => ({ path, message, level: 'WARN' });
const blank = (v: string | null | undefined) => !v || !v.trim();

const POSTAL_CODE = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i;
const REPORTING_ENTITY_NUMBER = /^\d{7}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CURRENCY = /^[A-Z]{3}$/;

function realDate(day: string): boolean {
  if (!DATE.test(day)) return false;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** The reporting entity's settings: without them FINTRAC cannot tell who reports. */
export function validateSettings(settings: FintracSettings): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!settings.reporting_entity_number || !REPORTING_ENTITY_NUMBER.test(settings.reporting_entity_number))
    out.push(
      fatal('settings.reporting_entity_number', 'The reporting entity number must be the 7 digits FINTRAC enrolled the organisation with (FINTRAC settings).'),
    );
  if (blank(settings.entity_name)) out.push(fatal('settings.entity_name', 'The reporting entity’s name is required (FINTRAC settings).'));
  if (!settings.location) out.push(fatal('settings.location', 'The location where the transactions took place is required (FINTRAC settings).'));
  else out.push(...validateAddress(settings.location, 'settings.location', true));
  if (blank(settings.contact.name)) out.push(fatal('settings.contact.name', 'A contact FINTRAC can ask about the report is required (FINTRAC settings).'));
  return out;
}

/** An address: a Canadian one needs its province or territory and a postal code in the A1A 1A1 form. */
export function validateAddress(a: FintracAddress, path: string, required: boolean): FieldProblem[] {
  const out: FieldProblem[] = [];
  const level = required ? fatal : warn;
  if (blank(a.street)) out.push(level(`${path}.street`, 'The street address is required.'));
  if (blank(a.city)) out.push(level(`${path}.city`, 'The city is required.'));
  if (blank(a.country)) out.push(level(`${path}.country`, 'The country is required.'));
  else if (!/^[A-Z]{2}$/.test(a.country!)) out.push(fatal(`${path}.country`, 'The country must be a two-letter ISO code, such as CA.'));
  if (a.country === 'CA') {
    if (blank(a.province)) out.push(level(`${path}.province`, 'A Canadian address needs its province or territory.'));
    else if (!(PROVINCES as readonly string[]).includes(a.province!))
      out.push(fatal(`${path}.province`, `${a.province} is not a Canadian province or territory code.`));
    if (blank(a.postal_code)) out.push(level(`${path}.postal_code`, 'A Canadian address needs its postal code.'));
    else if (!POSTAL_CODE.test(a.postal_code!.trim())) out.push(fatal(`${path}.postal_code`, `${a.postal_code} is not a Canadian postal code (A1A 1A1).`));
  }
  return out;
}

function validateSubject(s: FintracSubject, path: string, filing: FintracFiling): FieldProblem[] {
  const out: FieldProblem[] = [];
  const person = s.kind === 'PERSON';
  const lctr = filing.reportType === 'LCTR';
  if (blank(s.surname_or_name)) out.push(fatal(`${path}.surname_or_name`, person ? 'The surname is required.' : 'The entity’s name is required.'));
  if (person && blank(s.given_name)) out.push(fatal(`${path}.given_name`, 'The given name is required.'));
  if (s.date_of_birth) {
    if (!realDate(s.date_of_birth)) out.push(fatal(`${path}.date_of_birth`, 'The date of birth must be a date, YYYY-MM-DD.'));
    else if (s.date_of_birth >= filing.today) out.push(fatal(`${path}.date_of_birth`, 'The date of birth must be in the past.'));
  } else if (person && lctr) out.push(fatal(`${path}.date_of_birth`, 'The conductor’s date of birth is required.'));
  if (!s.address) out.push((lctr ? fatal : warn)(`${path}.address`, 'The address is required.'));
  else out.push(...validateAddress(s.address, `${path}.address`, lctr));
  if (blank(s.occupation))
    out.push((lctr && person ? fatal : warn)(`${path}.occupation`, person ? 'The occupation is required.' : 'The nature of business is required.'));
  if (person && lctr && !s.identification) out.push(fatal(`${path}.identification`, 'How the conductor’s identity was verified is required.'));
  if (s.identification) {
    if (blank(s.identification.number)) out.push(fatal(`${path}.identification.number`, 'The identification number is required.'));
    if (blank(s.identification.jurisdiction_country))
      out.push(fatal(`${path}.identification.jurisdiction_country`, 'The country that issued the identification is required.'));
  }
  return out;
}

function validateTransaction(t: FintracTransaction, path: string, filing: FintracFiling): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (!t.date_time) out.push(fatal(`${path}.date_time`, 'The date and time of the transaction are required.'));
  else if (!realDate(t.date_time.slice(0, 10))) out.push(fatal(`${path}.date_time`, 'The date of the transaction is not a date.'));
  else if (t.date_time.slice(0, 10) > filing.today) out.push(fatal(`${path}.date_time`, 'The transaction date is in the future.'));
  if (t.amount === null || !(t.amount > 0)) out.push(fatal(`${path}.amount`, 'The amount must be more than 0.'));
  if (!t.currency || !CURRENCY.test(t.currency)) out.push(fatal(`${path}.currency`, 'The currency must be a three-letter ISO code, such as CAD.'));
  if (blank(t.disposition)) out.push(warn(`${path}.disposition`, 'Say what was done with the funds (the completing action).'));
  if (filing.reportType === 'LCTR') {
    if (t.funds_type !== 'CASH') out.push(fatal(`${path}.funds_type`, 'A large cash transaction report holds cash only.'));
    if (t.direction !== 'IN') out.push(fatal(`${path}.direction`, 'A large cash transaction report holds cash received only.'));
    if (t.attempted) out.push(fatal(`${path}.attempted`, 'An attempted transaction is not a large cash transaction.'));
  }
  return out;
}

/** What is wrong with `filing` as FINTRAC would see it, filed by the reporting entity `settings` describe. */
export function validateFintracReport(filing: FintracFiling, settings: FintracSettings): FieldProblem[] {
  const { content } = filing;
  const out: FieldProblem[] = [...validateSettings(settings)];
  if (filing.reportType === 'STR') {
    if (content.suspicion.trim().length < 20)
      out.push(fatal('suspicion', 'Describe what made the transactions suspicious (the details of suspicion), in at least 20 characters.'));
    else if (content.suspicion.length > STR_SUSPICION_LIMIT)
      out.push(fatal('suspicion', `FINTRAC takes details of suspicion of up to ${STR_SUSPICION_LIMIT.toLocaleString('en-US')} characters.`));
    if (content.action_taken.length > STR_ACTION_LIMIT)
      out.push(fatal('action_taken', `FINTRAC takes an action taken of up to ${STR_ACTION_LIMIT.toLocaleString('en-US')} characters.`));
  }
  if (!content.subjects.length)
    out.push(
      fatal('subjects', filing.reportType === 'LCTR' ? 'The report must name who conducted the transactions.' : 'The report must name at least one subject.'),
    );
  content.subjects.forEach((s, i) => out.push(...validateSubject(s, `subjects[${i}]`, filing)));
  if (!content.transactions.length) out.push(fatal('transactions', 'The report must hold at least one transaction.'));
  content.transactions.forEach((t, i) => out.push(...validateTransaction(t, `transactions[${i}]`, filing)));
  if (filing.reportType === 'LCTR' && content.transactions.length) {
    const total = content.transactions.reduce((sum, t) => sum + (t.amount ?? 0), 0);
    if (total < LCTR_THRESHOLD)
      out.push(
        fatal(
          'transactions',
          `The cash received totals ${total.toFixed(2)}: a large cash transaction report is for ${LCTR_THRESHOLD.toLocaleString('en-US')} or more.`,
        ),
      );
    const times = content.transactions.map((t) => (t.date_time ? Date.parse(t.date_time) : NaN)).filter((n) => !Number.isNaN(n));
    if (times.length > 1 && Math.max(...times) - Math.min(...times) >= 24 * 3600_000)
      out.push(fatal('transactions', 'The cash receipts of one report must fall within 24 consecutive hours.'));
  }
  return out;
}
