// @vitest-environment jsdom
// A FINTRAC report's page against the real server, signed in as Northwind's administrator: the
// prefiling validation's problems and FINTRAC's messages stand beside their fields, the details of
// suspicion are counted against FINTRAC's 10,000 characters, and a save the server refuses keeps
// what was typed and shows the server's message. The test server runs no job worker: what the
// validation job would write is written to its database.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { FintracReport, FintracReportInput } from '../../src/api/filings/fintrac';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { FintracPage } from '../../src/areas/filings/fintrac/FintracPage';
import { FIX_FIELDS_TEXT } from '../../src/areas/filings/fintrac/use-fintrac-editor';
import type { CurrentAgent } from '../../src/lib/permissions';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
const SLOW = { timeout: 15000 };
let server: WorkServer;
let admin: CurrentAgent;
let caseId: number;

beforeAll(async () => {
  server = await startWorkServer('admin@northwind.test');
  admin = (await server.api('GET', '/api/agents/me')).json;
  const cases = await server.api('POST', '/api/cases/list', { limit: 1 });
  caseId = cases.json.cases[0].id;
});
afterEach(() => cleanup());
afterAll(() => server.close());

const CONTENT: FintracReportInput = {
  name: 'STR Harbour',
  reviewer_id: null,
  suspicion: 'Cash deposits just under the threshold on consecutive days, sent abroad within the week.',
  action_taken: 'Accounts under enhanced monitoring.',
  subjects: [
    {
      entity_id: null,
      kind: 'PERSON',
      surname_or_name: 'Tremblay',
      given_name: 'Luc',
      other_name: null,
      date_of_birth: '1981-03-02',
      occupation: 'Contractor',
      address: { street: '12 Rue Principale', city: 'Montréal', province: 'QC', postal_code: 'X1', country: 'CA' },
      phone: null,
      identification: null,
      accounts: ['acct_1'],
    },
  ],
  transactions: [
    {
      transaction_id: null,
      date_time: '2026-11-02T14:05',
      amount: 9500,
      currency: 'CAD',
      funds_type: 'CASH',
      method: 'IN_PERSON',
      direction: 'IN',
      account_number: 'acct_1',
      disposition: null,
      attempted: false,
    },
  ],
};

/** A new STR from the case, saved with CONTENT; `validated` writes what the prefiling validation found. */
async function newReport(validated?: { status: string; problems: unknown[]; messages?: unknown[] }): Promise<FintracReport> {
  const created = await server.api('POST', `/api/cases/${caseId}/strs`, {});
  expect(created.status).toBe(201);
  const saved = await server.api('PUT', `/api/fintrac-reports/${created.json.id}`, CONTENT);
  expect(saved.status).toBe(200);
  if (validated)
    await server.sql(
      `update fintrac_reports set status = '${validated.status}', validated_at = now(), problems = '${JSON.stringify(validated.problems)}'::jsonb,
        fintrac_messages = '${JSON.stringify(validated.messages ?? [])}'::jsonb where id = ${created.json.id}`,
    );
  return saved.json as FintracReport;
}

function renderReport(id: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: `/filings/fintrac/${id}`, record: true });
  const auth: Auth = { status: 'signedIn', agent: admin, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <FintracPage id={id} />
          </Router>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const editor = () => screen.findByRole('form', { name: 'FINTRAC report editor' }, SLOW);
const subject = async () => within(await editor()).getByRole('region', { name: /^Subject 1:/ });
/** What the control's aria-describedby names, each text in turn. */
const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

describe('the FINTRAC report page', () => {
  it('shows the prefiling validation’s problems and FINTRAC’s messages beside their fields', async () => {
    const report = await newReport({
      status: 'PREFILING_VALIDATION_FAILED',
      problems: [
        { path: 'subjects[0].address.postal_code', message: 'X1 is not a Canadian postal code (A1A 1A1).', level: 'FATAL' },
        { path: 'transactions[0].disposition', message: 'Say what was done with the funds (the completing action).', level: 'WARN' },
        {
          path: 'settings.reporting_entity_number',
          message: 'The reporting entity number must be the 7 digits FINTRAC enrolled the organisation with.',
          level: 'FATAL',
        },
      ],
      messages: [{ path: 'subjects[0].identification', message: 'Identification is missing.', level: 'WARN' }],
    });
    renderReport(report.id);
    const heading = await screen.findByRole('heading', { level: 1 }, SLOW);
    expect(within(heading).getByText('Prefiling validation failed').getAttribute('data-tone')).toBe('error');
    const postal = within(await subject()).getByLabelText('Postal code');
    expect(postal.getAttribute('aria-invalid')).toBe('true');
    expect(described(postal)).toBe('FINTRAC would reject this: X1 is not a Canadian postal code (A1A 1A1).');
    const disposition = within(await editor()).getByLabelText('What was done with the funds');
    expect(disposition.getAttribute('aria-invalid')).toBeNull();
    expect(described(disposition)).toBe('FINTRAC would flag this: Say what was done with the funds (the completing action).');
    expect(described(within(await subject()).getByLabelText('Identification document'))).toBe('FINTRAC would flag this: Identification is missing.');
    // every finding, the settings' too, in the list above the editor
    const list = screen.getByRole('region', { name: 'What FINTRAC would say (4)' });
    expect(within(list).getByText(/The reporting entity number must be the 7 digits/)).toBeTruthy();
  });

  it('counts the details of suspicion and warns past FINTRAC’s 10,000 characters', async () => {
    const report = await newReport();
    renderReport(report.id);
    const suspicion = within(await editor()).getByLabelText('Details of suspicion');
    expect(described(suspicion)).toBe(`${CONTENT.suspicion.length} of the 10,000 characters FINTRAC takes`);
    fireEvent.change(suspicion, { target: { value: 'x'.repeat(10_001) } });
    expect(described(suspicion)).toBe('10,001 characters: FINTRAC takes at most 10,000. Shorten it before filing.');
    expect(suspicion.getAttribute('aria-invalid')).toBe('true');
    // the count stays beside what the validation says of the field
    cleanup();
    const checked = await newReport({
      status: 'PREFILING_VALIDATION_FAILED',
      problems: [{ path: 'suspicion', message: 'Describe what made the transactions suspicious.', level: 'FATAL' }],
    });
    renderReport(checked.id);
    expect(described(within(await editor()).getByLabelText('Details of suspicion'))).toBe(
      `FINTRAC would reject this: Describe what made the transactions suspicious. ${CONTENT.suspicion.length} of the 10,000 characters FINTRAC takes`,
    );
  });

  it('keeps what was typed when the server refuses the save, with the server’s message', async () => {
    // validated (the page polls no more), so a change made behind its back stays unseen
    const report = await newReport({ status: 'PREFILING_VALIDATION_FAILED', problems: [] });
    renderReport(report.id);
    const form = await editor();
    // a reviewer who may not submit FINTRAC reports is refused by the server
    const [analyst] = await server.sql<{ id: number }>(`select id from agents where email = 'analyst@northwind.test'`);
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Nia Northwind' })).toBeTruthy());
    fireEvent.change(within(form).getByLabelText('Reviewer'), { target: { value: String(analyst.id) } });
    fireEvent.change(within(form).getByLabelText('Details of suspicion'), { target: { value: 'Typed, then refused: kept.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT' && c.status === 400)).toBe(true), SLOW);
    const refusal = (await server.api('PUT', `/api/fintrac-reports/${report.id}`, { ...CONTENT, reviewer_id: analyst.id })).json.error;
    const shown = await within(form).findByRole('alert', {}, SLOW);
    const reviewer = within(form).getByLabelText('Reviewer');
    // the server names the field: its words stand there
    expect(refusal.details[0].path).toBe('body/reviewer_id');
    expect(shown.textContent).toBe(FIX_FIELDS_TEXT);
    expect(reviewer.getAttribute('aria-invalid')).toBe('true');
    const said: string = refusal.details[0].message;
    expect(described(reviewer)).toBe(said.charAt(0).toUpperCase() + said.slice(1));
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Details of suspicion').value).toBe('Typed, then refused: kept.');
    expect(within(form).getByLabelText<HTMLSelectElement>('Reviewer').value).toBe(String(analyst.id));

    // a report submitted meanwhile cannot change: the server says so, and the text stays
    await server.sql(`update fintrac_reports set status = 'QUEUED_FOR_FILING' where id = ${report.id}`);
    fireEvent.change(within(form).getByLabelText('Reviewer'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT' && c.status === 409)).toBe(true), SLOW);
    const conflict = (await server.api('PUT', `/api/fintrac-reports/${report.id}`, CONTENT)).json.error;
    expect((await within(form).findByRole('alert', {}, SLOW)).textContent).toBe(conflict.message);
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Details of suspicion').value).toBe('Typed, then refused: kept.');
  });

  it('shows an LCTR’s cash receipts and its 24-hour rule, without details of suspicion', async () => {
    const [lctr] = await server.sql<{ id: number; rule: boolean; receipts: number }>(
      `select id, twenty_four_hour_rule as rule, jsonb_array_length(content->'transactions') as receipts from fintrac_reports
        where org_id = (select org_id from agents where email = 'admin@northwind.test') and report_type = 'LCTR'
        order by twenty_four_hour_rule desc, id limit 1`,
    );
    expect(lctr, 'a seeded LCTR of Northwind').toBeTruthy();
    renderReport(lctr.id);
    const form = await editor();
    expect(screen.getByText('Large cash transaction report')).toBeTruthy();
    expect(within(form).queryByLabelText('Details of suspicion')).toBeNull();
    expect(within(form).queryByLabelText('Action taken')).toBeNull();
    expect(within(form).getByRole('heading', { name: `Cash received (${lctr.receipts})` })).toBeTruthy();
    expect(within(form).getByRole('heading', { name: /^Who conducted the transactions \(\d+\)$/ })).toBeTruthy();
    const rule = screen.getByText('24-hour rule').nextElementSibling;
    expect(rule?.textContent).toBe(lctr.rule ? 'Yes' : 'No');
    expect(within(form).queryAllByText(/^24-hour rule: these cash receipts together reach 10,000 dollars/).length).toBe(lctr.rule ? 1 : 0);
  });
});
