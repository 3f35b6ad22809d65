// @vitest-environment jsdom
// The shared field list (src/features/field-list/FieldList.tsx): formatted data as label/value rows, sections by
// flow, Show/Hide Empty Fields, and a censored value shown as "••••••" with the tooltip "This field
// is censored." (spec part 2, sections 2, 3 and 6).
import './setup-dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CENSORED_VALUE,
  FieldList,
  fieldsByFlow,
  fieldsFromFormattedData,
  formatFieldValue,
  ShowEmptyFieldsToggle,
  useShowEmptyFields,
  type FormattedData,
} from '../../src/features/field-list/FieldList';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const fv = (name: string, value: string | number | boolean | null, flow: 'OUTBOUND' | 'INBOUND' | 'OTHER' | null) => ({
  formatted_value: value,
  flow,
  name_readable: name,
  external_id: null,
  id: null,
});

const DATA: FormattedData = {
  '11': fv('Memo', 'rent', 'OTHER'),
  '12': fv('Beneficiary account', CENSORED_VALUE, 'OUTBOUND'),
  '13': fv('Merchant', 'Corner Shop', 'INBOUND'),
  '14': fv('Branch', null, 'OTHER'),
  '15': fv('Channel', 'ONLINE', null),
  '16': fv('Counterparty', '  ', 'OUTBOUND'),
};

function Harness({ data = DATA }: { data?: FormattedData }) {
  const [showEmpty, setShowEmpty] = useShowEmptyFields();
  const sections = fieldsByFlow(data);
  return (
    <>
      <ShowEmptyFieldsToggle showEmpty={showEmpty} onChange={setShowEmpty} />
      <FieldList label="Sending fields" fields={sections.sending} showEmpty={showEmpty} />
      <FieldList label="Receiving fields" fields={sections.receiving} showEmpty={showEmpty} />
      <FieldList label="Other fields" fields={sections.other} showEmpty={showEmpty} />
    </>
  );
}

const rows = (name: string) => screen.getByLabelText(name).querySelectorAll('dt');

describe('field list', () => {
  it('groups formatted data by flow; a field without a flow is Other', () => {
    const sections = fieldsByFlow(DATA);
    expect(sections.sending.map((f) => f.label)).toEqual(['Beneficiary account', 'Counterparty']);
    expect(sections.receiving.map((f) => f.label)).toEqual(['Merchant']);
    expect(sections.other.map((f) => f.label)).toEqual(['Branch', 'Channel', 'Memo']);
    expect(fieldsFromFormattedData(DATA).length).toBe(6);
  });

  it('hides empty fields until asked, and the toggle says what it will do', () => {
    render(<Harness />);
    expect([...rows('Other fields')].map((d) => d.textContent)).toEqual(['Channel', 'Memo']);
    expect([...rows('Sending fields')].map((d) => d.textContent)).toEqual(['Beneficiary account']);
    fireEvent.click(screen.getByRole('button', { name: 'Show Empty Fields' }));
    expect([...rows('Other fields')].map((d) => d.textContent)).toEqual(['Branch', 'Channel', 'Memo']);
    expect([...rows('Sending fields')].map((d) => d.textContent)).toEqual(['Beneficiary account', 'Counterparty']);
    // an empty value reads as a dash
    const branch = [...rows('Other fields')].find((d) => d.textContent === 'Branch')!;
    expect(branch.nextElementSibling!.textContent).toBe('—');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Empty Fields' }));
    expect([...rows('Other fields')].map((d) => d.textContent)).toEqual(['Channel', 'Memo']);
  });

  it('keeps the choice for the next view (one choice per browser)', () => {
    const first = render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Show Empty Fields' }));
    first.unmount();
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Hide Empty Fields' })).toBeTruthy();
  });

  it('shows a censored value as the mask with the tooltip "This field is censored."', async () => {
    render(<Harness />);
    const beneficiary = [...rows('Sending fields')].find((d) => d.textContent === 'Beneficiary account')!;
    const value = beneficiary.nextElementSibling!.querySelector('[data-censored]') as HTMLElement;
    expect(value.textContent).toBe(`${CENSORED_VALUE}Censored`);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      fireEvent.pointerMove(value, { pointerType: 'mouse' });
      await new Promise((r) => setTimeout(r, 400));
    });
    expect(screen.getByRole('tooltip').textContent).toBe('This field is censored.');
    expect(value.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
  });

  it('formats values: Yes/No, grouped numbers, instants; an empty list says so', () => {
    expect(formatFieldValue(true)).toBe('Yes');
    expect(formatFieldValue(false)).toBe('No');
    expect(formatFieldValue(1234567.5)).toBe('1,234,567.5');
    expect(formatFieldValue('2026-10-01')).toBe('2026-10-01');
    expect(formatFieldValue('2026-10-01T12:00:00.000Z')).toMatch(/2026/);
    render(<FieldList fields={[]} showEmpty={false} />);
    expect(screen.getByText('No information to display')).toBeTruthy();
  });
});
