// @vitest-environment jsdom
// The FINTRAC report editor's form (src/areas/filings/fintrac/fintrac.form.ts): the body sent back,
// where the call's 400 details and the prefiling validation's problems land, the editor's own
// checks, and the status badge (the SAR badge's colours with FINTRAC in FinCEN's place).
import './setup-dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAR_UNKNOWN_STATUS_TEXT, sarTone } from '../../core/sar-status';
import { FINTRAC_LIFECYCLE } from '../../machines/fintrac.machine';
import type { FintracReport } from '../../src/api/filings/fintrac';
import { fintracStatusLabel, fintracTone } from '../../src/areas/filings/fintrac/fintrac-status';
import { FintracStatusBadge } from '../../src/areas/filings/fintrac/FintracStatusBadge';
import {
  bodyOf,
  checkForm,
  errorsFromDetails,
  fintracFieldId,
  fintracFieldPath,
  formFromReport,
  problemsByField,
} from '../../src/areas/filings/fintrac/fintrac.form';

const REPORT: FintracReport = {
  id: 9,
  report_type: 'STR',
  name: 'STR Harbour',
  reviewer_id: 4,
  suspicion: 'Cash deposits just under the threshold on consecutive days.',
  action_taken: 'Account under enhanced monitoring.',
  subjects: [
    {
      entity_id: 31,
      kind: 'PERSON',
      surname_or_name: 'Tremblay',
      given_name: 'Luc',
      other_name: null,
      date_of_birth: '1981-03-02',
      occupation: 'Contractor',
      address: { street: '12 Rue Principale', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4', country: 'CA' },
      phone: '514-555-0101',
      identification: { type: 'DRIVERS_LICENCE', number: 'T1234-567', jurisdiction_country: 'CA', jurisdiction_province: 'QC' },
      accounts: ['acct_1', 'acct_2'],
    },
    {
      entity_id: null,
      kind: 'ENTITY',
      surname_or_name: 'Harbour Holdings Inc.',
      given_name: null,
      other_name: null,
      date_of_birth: null,
      occupation: 'Import and export',
      address: null,
      phone: null,
      identification: null,
      accounts: [],
    },
  ],
  transactions: [
    {
      transaction_id: 501,
      date_time: '2026-11-02T14:05:00Z',
      amount: 9500,
      currency: 'CAD',
      funds_type: 'CASH',
      method: 'IN_PERSON',
      direction: 'IN',
      account_number: 'acct_1',
      disposition: 'Deposit to account',
      attempted: false,
    },
    {
      transaction_id: null,
      date_time: '2026-11-03 10:00',
      amount: 9800.5,
      currency: 'CAD',
      funds_type: 'CASH',
      method: 'NIGHT_DEPOSIT',
      direction: 'IN',
      account_number: null,
      disposition: null,
      attempted: true,
    },
  ],
  status: 'PREFILING_VALIDATION_FAILED',
  reference: 'NW-STR-9',
  submitted: false,
  case_id: 3,
  queue_id: 2,
  twenty_four_hour_rule: false,
  total_amount: 19300.5,
  problems: [],
  validated_at: null,
  fintrac_messages: [],
  actions: ['edit', 'archive'],
  created_at: '2026-11-27T03:00:00Z',
  updated_at: '2026-11-27T03:00:00Z',
  deadline: '2026-12-27T03:00:00Z',
  batch_id: null,
  filed_at: null,
  fintrac_report_id: null,
};

const input = ({ name, reviewer_id, suspicion, action_taken, subjects, transactions }: FintracReport) => ({
  name,
  reviewer_id,
  suspicion,
  action_taken,
  subjects,
  transactions,
});

describe('the FINTRAC form', () => {
  it('sends back what it was given, unknowns as null', () => {
    expect(bodyOf(formFromReport(REPORT), 'STR')).toEqual(input(REPORT));
  });

  it('sends an LCTR without details of suspicion, action taken or attempted transactions', () => {
    const body = bodyOf(formFromReport(REPORT), 'LCTR');
    expect(body.suspicion).toBe('');
    expect(body.action_taken).toBe('');
    expect(body.transactions.map((t) => t.attempted)).toEqual([false, false]);
  });

  it('leaves out a person’s names and identification on an entity, and an empty address', () => {
    const form = formFromReport(REPORT);
    form.subjects[0] = { ...form.subjects[0], kind: 'ENTITY', street: '', city: '', province: '', postalCode: '', country: '' };
    const [subject] = bodyOf(form, 'STR').subjects;
    expect(subject).toMatchObject({ kind: 'ENTITY', given_name: null, date_of_birth: null, identification: null, address: null });
  });

  it('reads "$9,500" as 9500, an empty amount as unknown, and refuses words', () => {
    const form = formFromReport(REPORT);
    form.transactions[1] = { ...form.transactions[1], amount: '$9,500' };
    expect(bodyOf(form, 'STR').transactions[1].amount).toBe(9500);
    form.transactions[1] = { ...form.transactions[1], amount: '' };
    expect(bodyOf(form, 'STR').transactions[1].amount).toBeNull();
    form.transactions[1] = { ...form.transactions[1], amount: 'lots' };
    expect(checkForm(form)).toEqual({ 'transactions[1].amount': 'The amount is a number of dollars.' });
    expect(checkForm({ ...form, name: ' ', transactions: [] })).toEqual({ name: 'A name is required.' });
  });

  it('puts the call’s details and the validation’s problems at the same field', () => {
    expect(fintracFieldPath('body/subjects/0/given_name')).toBe('subjects[0].givenName');
    expect(fintracFieldPath('subjects[0].givenName')).toBe('subjects[0].givenName');
    expect(fintracFieldPath('subjects[1].address.postal_code')).toBe('subjects[1].postalCode');
    expect(fintracFieldPath('body/subjects/1/address/province')).toBe('subjects[1].province');
    expect(fintracFieldPath('body/subjects/0/identification/jurisdiction_province')).toBe('subjects[0].idJurisdictionProvince');
    expect(fintracFieldPath('subjects[0].identification')).toBe('subjects[0].idType');
    expect(fintracFieldPath('subjects[0].accounts[1]')).toBe('subjects[0].accounts');
    expect(fintracFieldPath('body/transactions/3/date_time')).toBe('transactions[3].dateTime');
    expect(fintracFieldPath('suspicion')).toBe('suspicion');
    expect(fintracFieldId('subjects[1].postalCode')).toBe('fintrac-subjects-1-postalCode');
    expect(errorsFromDetails([{ path: 'body/name', message: 'must NOT have fewer than 1 characters' }])).toEqual({
      name: 'Must NOT have fewer than 1 characters',
    });
    const found = problemsByField([
      { path: 'subjects[0].postalCode', message: 'looks unusual', level: 'WARN' },
      { path: 'subjects[0].postal_code', message: 'Postal code must be a Canadian postal code', level: 'FATAL' },
    ]);
    expect(found['subjects[0].postalCode']).toMatchObject({ level: 'FATAL' });
  });
});

describe('the FINTRAC badge', () => {
  it('colours every status of the lifecycle as the SAR badge colours its FinCEN counterpart', () => {
    for (const status of FINTRAC_LIFECYCLE) expect(fintracTone(status)).toBe(sarTone(status.replace('FINTRAC', 'FINCEN')));
    expect(FINTRAC_LIFECYCLE.every((s) => fintracTone(s) !== null)).toBe(true);
    expect(fintracTone('FINTRAC_ACCEPTED')).toBe('success');
    expect(fintracTone('FINTRAC_REJECTED')).toBe('error');
    expect(fintracTone('SENT_TO_FINTRAC')).toBe('warning');
    expect(fintracTone('SENT_TO_FINCEN')).toBeNull();
    expect(fintracStatusLabel('SENT_TO_FINTRAC')).toBe('Sent to FINTRAC');
  });

  it('offers the contact-support tooltip for a status it does not know', () => {
    render(<FintracStatusBadge status="SUBMISSION_QUEUED" />);
    expect(screen.getByRole('button', { name: `Submission queued: ${SAR_UNKNOWN_STATUS_TEXT}` })).toBeTruthy();
    render(<FintracStatusBadge status="FINTRAC_VALIDATION_FAILED" />);
    expect(screen.getByText('FINTRAC validation failed').getAttribute('data-tone')).toBe('error');
  });
});
