// @vitest-environment jsdom
// The SAR editor's form (src/areas/filings/sar/sar.form.ts): where the call's 400 details and the
// prefiling validation's problems land, the body sent back, and the status badge's tones (spec part
// 2, section 4, "SAR badge").
import './setup-dom';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SAR_UNKNOWN_STATUS_TEXT, sarStatusLabel, sarTone } from '../../core/sar-status';
import { SAR_LIFECYCLE } from '../../machines/sar.machine';
import type { SarFiling } from '../../src/api/filings/queries';
import { SarStatusBadge } from '../../src/areas/filings/sar/SarStatusBadge';
import { bodyOf, checkForm, errorsFromDetails, fieldId, fieldPath, formFromFiling, problemsByField } from '../../src/areas/filings/sar/sar.form';

const FILING: SarFiling = {
  id: 7,
  name: 'SAR Harbor',
  status: 'PREFILING_VALIDATION_FAILED',
  submitted: false,
  case_id: 3,
  reviewer_id: 12,
  filing_type: 'CONTINUING',
  prior_bsa_id: '31000123456789',
  activity_start: '2026-09-01',
  activity_end: '2026-09-20',
  total_amount: 28450.5,
  categories: [{ type: 1, subtype: 114, other: null }],
  subjects: [
    {
      entity_id: 41,
      kind: 'INDIVIDUAL',
      last_or_legal_name: 'Rivera',
      first_name: 'Dana',
      middle_name: null,
      alternate_name: null,
      tin: null,
      tin_type: null,
      date_of_birth: '1980-04-12',
      address: { street: '12 Market St', city: 'Newark', state: 'NJ', zip: null, country: 'US' },
      phone: null,
      email: null,
      occupation: null,
      accounts: [
        { number: 'acct_1', closed: false },
        { number: 'acct_2', closed: false },
      ],
      relationship: '7',
    },
  ],
  ip_addresses: [{ address: '203.0.113.7', date: null }],
  narrative: 'Deposits below the threshold.',
  transaction_ids: [1, 2],
  problems: [],
  validated_at: null,
  fincen_messages: [],
  actions: ['edit', 'archive'],
  updated_at: '2026-11-27T03:00:00Z',
  deadline: '2026-12-27T03:00:00Z',
  batch_id: null,
  filed_at: null,
  bsa_id: null,
  bsa_tracking_id: null,
  car_alert_scheduled_at: null,
};

describe('the SAR form', () => {
  it('sends back what it was given, unknowns as null', () => {
    expect(bodyOf(formFromFiling(FILING))).toEqual({
      name: FILING.name,
      reviewer_id: 12,
      filing_type: 'CONTINUING',
      prior_bsa_id: '31000123456789',
      activity_start: '2026-09-01',
      activity_end: '2026-09-20',
      total_amount: 28450.5,
      categories: FILING.categories,
      subjects: FILING.subjects,
      ip_addresses: FILING.ip_addresses,
      narrative: FILING.narrative,
    });
  });

  it('reads "$1,200" as 1200, an empty amount as unknown, and refuses words', () => {
    const form = formFromFiling(FILING);
    expect(bodyOf({ ...form, totalAmount: '$1,200' }).total_amount).toBe(1200);
    expect(bodyOf({ ...form, totalAmount: ' ' }).total_amount).toBeNull();
    expect(checkForm({ ...form, totalAmount: 'twelve' })).toEqual({ totalAmount: 'The amount is a number of dollars.' });
    expect(checkForm({ ...form, activityStart: '2026-10-01' })).toEqual({ activityEnd: 'The activity ends before it starts.' });
  });

  it('puts the call’s details and the validation’s problems at the same field', () => {
    expect(fieldPath('body/subjects/0/first_name')).toBe('subjects[0].firstName');
    expect(fieldPath('subjects[0].address.zip')).toBe('subjects[0].zip');
    expect(fieldPath('body/activity_end')).toBe('activityEnd');
    expect(fieldPath('narrative')).toBe('narrative');
    expect(fieldId('subjects[0].zip')).toBe('sar-subjects-0-zip');
    expect(errorsFromDetails([{ path: 'body/categories/0/subtype', message: 'is not a subtype of type 3' }])).toEqual({
      'categories[0].subtype': 'Is not a subtype of type 3',
    });
    const found = problemsByField([
      { path: 'subjects[0].tin', message: 'unknown TIN', level: 'WARN' },
      { path: 'subjects[0].tin', message: 'TIN must be 9 digits', level: 'FATAL' },
    ]);
    expect(found['subjects[0].tin']).toMatchObject({ level: 'FATAL' });
  });
});

describe('the SAR badge', () => {
  it('gives every status of the lifecycle a tone: waiting warning, accepted and successful success, failed and rejected error', () => {
    const tones = Object.fromEntries(SAR_LIFECYCLE.map((s) => [s, sarTone(s)]));
    expect(Object.values(tones).every((t) => t !== null)).toBe(true);
    expect(tones).toMatchObject({
      PREFILING_VALIDATION_PENDING: 'warning',
      SENT_TO_FINCEN: 'warning',
      FINCEN_ACCEPTED: 'success',
      FILING_SUCCESS: 'success',
      FINCEN_REJECTED: 'error',
      FILING_MAX_RETRIES_EXCEEDED: 'error',
      ARCHIVED: 'neutral',
    });
    expect(sarStatusLabel('SENT_TO_FINCEN')).toBe('Sent to FinCEN');
  });

  it('offers the contact-support tooltip for a status it does not know', () => {
    render(<SarStatusBadge status="SUBMISSION_QUEUED" />);
    expect(screen.getByRole('button', { name: `Submission queued: ${SAR_UNKNOWN_STATUS_TEXT}` })).toBeTruthy();
    render(<SarStatusBadge status="FILING_SUCCESS" />);
    expect(screen.getByText('Filing success').getAttribute('data-tone')).toBe('success');
  });
});
