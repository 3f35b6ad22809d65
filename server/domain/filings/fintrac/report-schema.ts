import { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * The JSON Schema of a FINTRAC batch file (report-json.ts): what FINTRAC's report forms require of
 * each report, in the file's structure. Batches are checked against it before they are sent; the
 * tests hold generated batches to it.
 */

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const amount = { type: 'string', pattern: '^[0-9]{1,15}\\.[0-9]{2}$' };
const currency = { type: 'string', pattern: '^[A-Z]{3}$' };
const country = { type: 'string', pattern: '^[A-Z]{2}$' };
const account = nullable({ type: 'object', additionalProperties: false, required: ['accountNumber'], properties: { accountNumber: text(50) } });

const address = {
  type: 'object',
  additionalProperties: false,
  required: ['streetAddress', 'city', 'provinceStateCode', 'postalZipCode', 'countryCode'],
  properties: {
    streetAddress: nullable(text(200)),
    city: nullable(text(200)),
    provinceStateCode: nullable({ type: 'string', pattern: '^[A-Z]{2,3}$' }),
    postalZipCode: nullable(text(10)),
    countryCode: nullable(country),
  },
  // a Canadian address carries its province and a postal code of the A1A 1A1 form
  if: { properties: { countryCode: { const: 'CA' } } },
  then: {
    properties: {
      provinceStateCode: { enum: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] },
      postalZipCode: { type: 'string', pattern: '^[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z] ?[0-9][ABCEGHJ-NPRSTV-Z][0-9]$' },
    },
  },
};

const subject = {
  type: 'object',
  required: ['subjectRef', 'typeCode', 'address', 'telephoneNumber', 'identification', 'accountNumbers'],
  properties: {
    subjectRef: { type: 'integer', minimum: 1 },
    typeCode: { enum: ['PERSON', 'ENTITY'] },
    surname: text(200),
    givenName: text(200),
    otherNameInitial: nullable(text(200)),
    dateOfBirth: nullable({ type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
    nameOfEntity: text(200),
    occupation: nullable(text(200)),
    natureOfPrincipalBusiness: nullable(text(200)),
    address: nullable(address),
    telephoneNumber: nullable(text(20)),
    identification: nullable({
      type: 'object',
      additionalProperties: false,
      required: ['identifierTypeCode', 'number', 'jurisdictionOfIssueCountryCode', 'jurisdictionOfIssueProvinceStateCode'],
      properties: {
        identifierTypeCode: { enum: ['DRIVERS_LICENCE', 'PASSPORT', 'PROVINCIAL_HEALTH_CARD', 'PERMANENT_RESIDENT_CARD', 'BIRTH_CERTIFICATE', 'OTHER'] },
        number: text(50),
        jurisdictionOfIssueCountryCode: country,
        jurisdictionOfIssueProvinceStateCode: nullable({ type: 'string', pattern: '^[A-Z]{2,3}$' }),
      },
    }),
    accountNumbers: { type: 'array', items: text(50) },
  },
  oneOf: [
    { properties: { typeCode: { const: 'PERSON' } }, required: ['surname', 'givenName', 'otherNameInitial', 'dateOfBirth', 'occupation'] },
    { properties: { typeCode: { const: 'ENTITY' } }, required: ['nameOfEntity', 'natureOfPrincipalBusiness'] },
  ],
  unevaluatedProperties: false,
};

const transaction = {
  type: 'object',
  additionalProperties: false,
  required: ['transactionDetails', 'startingActions', 'completingActions'],
  properties: {
    transactionDetails: {
      type: 'object',
      additionalProperties: false,
      required: ['dateTimeOfTransaction', 'methodCode', 'wasTransactionAttempted', 'reportingEntityTransactionReference'],
      properties: {
        dateTimeOfTransaction: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}' },
        methodCode: { enum: ['IN_PERSON', 'ONLINE', 'ATM', 'NIGHT_DEPOSIT', 'ARMOURED_CAR', 'MAIL', 'OTHER'] },
        wasTransactionAttempted: { type: 'boolean' },
        reportingEntityTransactionReference: nullable(text(100)),
      },
    },
    startingActions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['directionCode', 'typeOfFundsCode', 'amount', 'currencyCode', 'accountDetails', 'conductors'],
        properties: {
          directionCode: { enum: ['IN', 'OUT'] },
          typeOfFundsCode: { enum: ['CASH', 'CHEQUE', 'ELECTRONIC_FUNDS_TRANSFER', 'WIRE', 'VIRTUAL_CURRENCY', 'OTHER'] },
          amount,
          currencyCode: currency,
          accountDetails: account,
          conductors: {
            type: 'array',
            items: { type: 'object', additionalProperties: false, required: ['subjectRef'], properties: { subjectRef: { type: 'integer', minimum: 1 } } },
          },
        },
      },
    },
    completingActions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['detailsOfDisposition', 'amount', 'currencyCode', 'accountDetails'],
        properties: { detailsOfDisposition: nullable(text(200)), amount, currencyCode: currency, accountDetails: account },
      },
    },
  },
};

const report = {
  type: 'object',
  additionalProperties: false,
  required: ['reportDetails', 'subjects', 'transactions'],
  properties: {
    reportDetails: {
      type: 'object',
      additionalProperties: false,
      required: [
        'reportTypeCode',
        'submitTypeCode',
        'reportingEntityNumber',
        'submittingReportingEntityNumber',
        'reportingEntityReportReference',
        'reportingEntityName',
        'locationDetails',
        'contact',
      ],
      properties: {
        reportTypeCode: { enum: ['STR', 'LCTR'] },
        submitTypeCode: { const: 'NEW' },
        reportingEntityNumber: { type: 'string', pattern: '^[0-9]{7}$' },
        submittingReportingEntityNumber: { type: 'string', pattern: '^[0-9]{7}$' },
        reportingEntityReportReference: text(100),
        reportingEntityName: text(200),
        locationDetails: address,
        contact: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'email', 'telephoneNumber'],
          properties: { name: text(200), email: nullable(text(200)), telephoneNumber: nullable(text(20)) },
        },
        twentyFourHourRule: { type: 'boolean' },
      },
    },
    subjects: { type: 'array', minItems: 1, items: subject },
    transactions: { type: 'array', minItems: 1, maxItems: 1000, items: transaction },
    detailsOfSuspicion: {
      type: 'object',
      additionalProperties: false,
      required: ['descriptionOfSuspiciousActivity'],
      properties: { descriptionOfSuspiciousActivity: { type: 'string', minLength: 20, maxLength: 10000 } },
    },
    actionTaken: {
      type: 'object',
      additionalProperties: false,
      required: ['descriptionOfActionTaken'],
      properties: { descriptionOfActionTaken: nullable({ type: 'string', minLength: 1, maxLength: 2000 }) },
    },
  },
  // an STR says why it is suspicious; an LCTR says whether the 24-hour rule made it
  if: { properties: { reportDetails: { properties: { reportTypeCode: { const: 'STR' } } } } },
  then: { required: ['detailsOfSuspicion', 'actionTaken'] },
  else: {
    properties: { reportDetails: { required: ['twentyFourHourRule'] } },
    not: { anyOf: [{ required: ['detailsOfSuspicion'] }, { required: ['actionTaken'] }] },
  },
};

export const FINTRAC_BATCH_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://vigil.example/schemas/fintrac-batch.json',
  type: 'object',
  additionalProperties: false,
  required: ['batchDetails', 'reports'],
  properties: {
    batchDetails: {
      type: 'object',
      additionalProperties: false,
      required: ['fileName', 'reportingEntityNumber', 'createdAt', 'reportCount'],
      properties: {
        fileName: { type: 'string', pattern: '^FINTRAC\\.[0-9]+\\.[0-9]+\\.json$' },
        reportingEntityNumber: { type: 'string', pattern: '^[0-9]{7}$' },
        createdAt: { type: 'string', format: 'date-time' },
        reportCount: { type: 'integer', minimum: 1 },
      },
    },
    reports: { type: 'array', minItems: 1, items: report },
  },
} as const;

let compiled: (((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; message?: string }> | null }) | null = null;

/** What is wrong with a batch file's text against FINTRAC_BATCH_SCHEMA (empty when nothing is), as "path: message". */
export function fintracBatchErrors(text: string): string[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return [`not JSON: ${String(error)}`];
  }
  compiled ??= new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(FINTRAC_BATCH_SCHEMA);
  const ok = compiled(doc);
  const reports = (doc as { reports?: unknown[] })?.reports;
  const counted = (doc as { batchDetails?: { reportCount?: unknown } })?.batchDetails?.reportCount;
  const out = ok ? [] : (compiled.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message ?? 'invalid'}`);
  if (Array.isArray(reports) && counted !== reports.length) out.push(`/batchDetails/reportCount: says ${String(counted)} for ${reports.length} reports`);
  return out;
}
