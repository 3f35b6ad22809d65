import type { FintracAddress, FintracFiling, FintracSettings, FintracSubject, FintracTransaction } from './model.js';

/**
 * The file a batch of FINTRAC reports is filed in: JSON in the structure of FINTRAC's report forms
 * and of its API report submission (docs/decisions.md, "FINTRAC reports"). One file per batch:
 * `batchDetails` (who files, how many reports), then `reports`, each with
 *
 * - `reportDetails`: the report type (STR or LCTR), a new submission, the reporting entity number
 *   (the filer's and the submitter's), the entity's own report reference, its location and contact;
 * - `subjects`: the persons and entities the report names, each with a `subjectRef` that the
 *   transactions point at;
 * - `transactions`: each with its details (date and time, method, attempted), one starting action
 *   (direction, type of funds, amount, currency, account, conductors) and one completing action
 *   (what was done with the funds);
 * - an STR's `detailsOfSuspicion` and `actionTaken`.
 *
 * `FINTRAC_BATCH_SCHEMA` (report-schema.ts) is the JSON Schema of this file; the tests hold every
 * batch the writer makes to it.
 */

const money = (amount: number | null) => (amount ?? 0).toFixed(2);
const orNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

function address(a: FintracAddress | null) {
  if (!a) return null;
  return {
    streetAddress: orNull(a.street),
    city: orNull(a.city),
    provinceStateCode: orNull(a.province),
    postalZipCode: orNull(a.postal_code)?.toUpperCase() ?? null,
    countryCode: orNull(a.country),
  };
}

function subject(s: FintracSubject, ref: number) {
  const person = s.kind === 'PERSON';
  return {
    subjectRef: ref,
    typeCode: s.kind,
    ...(person
      ? { surname: orNull(s.surname_or_name), givenName: orNull(s.given_name), otherNameInitial: orNull(s.other_name), dateOfBirth: s.date_of_birth }
      : { nameOfEntity: orNull(s.surname_or_name) }),
    [person ? 'occupation' : 'natureOfPrincipalBusiness']: orNull(s.occupation),
    address: address(s.address),
    telephoneNumber: orNull(s.phone),
    identification: s.identification
      ? {
          identifierTypeCode: s.identification.type,
          number: s.identification.number.trim(),
          jurisdictionOfIssueCountryCode: orNull(s.identification.jurisdiction_country),
          jurisdictionOfIssueProvinceStateCode: orNull(s.identification.jurisdiction_province),
        }
      : null,
    accountNumbers: s.accounts,
  };
}

/** The subject a transaction was conducted by: the one holding its account, else the first. */
function conductorRef(t: FintracTransaction, subjects: FintracSubject[]): number {
  const holder = t.account_number ? subjects.findIndex((s) => s.accounts.includes(t.account_number!)) : -1;
  return holder >= 0 ? holder + 1 : 1;
}

function transaction(t: FintracTransaction, subjects: FintracSubject[]) {
  const account = orNull(t.account_number);
  return {
    transactionDetails: {
      dateTimeOfTransaction: t.date_time,
      methodCode: t.method,
      wasTransactionAttempted: t.attempted,
      reportingEntityTransactionReference: t.transaction_id === null ? null : `TXN-${t.transaction_id}`,
    },
    startingActions: [
      {
        directionCode: t.direction,
        typeOfFundsCode: t.funds_type,
        amount: money(t.amount),
        currencyCode: t.currency,
        accountDetails: account ? { accountNumber: account } : null,
        conductors: subjects.length ? [{ subjectRef: conductorRef(t, subjects) }] : [],
      },
    ],
    completingActions: [
      {
        detailsOfDisposition: orNull(t.disposition),
        amount: money(t.amount),
        currencyCode: t.currency,
        accountDetails: account ? { accountNumber: account } : null,
      },
    ],
  };
}

/** One report as FINTRAC receives it. */
export function fintracReportJson(filing: FintracFiling, settings: FintracSettings) {
  const { content } = filing;
  const str = filing.reportType === 'STR';
  return {
    reportDetails: {
      reportTypeCode: filing.reportType,
      submitTypeCode: 'NEW',
      reportingEntityNumber: settings.reporting_entity_number,
      submittingReportingEntityNumber: settings.reporting_entity_number,
      reportingEntityReportReference: filing.reference,
      reportingEntityName: orNull(settings.entity_name),
      locationDetails: address(settings.location),
      contact: { name: orNull(settings.contact.name), email: orNull(settings.contact.email), telephoneNumber: orNull(settings.contact.phone) },
      ...(str ? {} : { twentyFourHourRule: filing.twentyFourHourRule }),
    },
    subjects: content.subjects.map((s, i) => subject(s, i + 1)),
    transactions: content.transactions.map((t) => transaction(t, content.subjects)),
    ...(str
      ? {
          detailsOfSuspicion: { descriptionOfSuspiciousActivity: content.suspicion.trim() },
          actionTaken: { descriptionOfActionTaken: orNull(content.action_taken) },
        }
      : {}),
  };
}

/** A batch file of reports (in the order given), as text. */
export function fintracBatchJson(filings: FintracFiling[], settings: FintracSettings, fileName: string, createdAt: string): string {
  const batch = {
    batchDetails: {
      fileName,
      reportingEntityNumber: settings.reporting_entity_number,
      createdAt,
      reportCount: filings.length,
    },
    reports: filings.map((f) => fintracReportJson(f, settings)),
  };
  return `${JSON.stringify(batch, null, 2)}\n`;
}
