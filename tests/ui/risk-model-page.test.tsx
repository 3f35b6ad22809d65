// @vitest-environment jsdom
// The risk model page against the real server (issue 10, acceptance 2 and 3 on screen): a new
// draft's defaults in the editor, every validation message of spec part 2 section 5 on its field
// with nothing sent, a refused save (server 409) keeping what was typed, the lifecycle buttons as
// the machine allows them, the validation status followed while queued and in progress with the
// Low / Medium / High distribution, activation replacing the active model, and a read-only page
// for an analyst without edit_risk_ratings.
import './setup-dom';
import './fetch-stub';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { RiskModelPage } from '../../src/areas/risk-ratings/detail/RiskModelPage';
import { lifecycleErrorText } from '../../src/areas/risk-ratings/detail/use-lifecycle';
import type { CurrentAgent } from '../../src/lib/permissions';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

const BASE = '/api/risk/risk-models';
// the editor is a big form and the machine is shared: give the page time to answer
configure({ asyncUtilTimeout: 5000 });
let server: WorkServer;
let manager: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => cleanup());
afterAll(() => server.close());

async function createDraft(title: string): Promise<number> {
  const res = await server.api('POST', BASE, { title });
  expect(res.status).toBe(201);
  return res.json.id;
}

const open = async (id: number, agent = manager) => {
  renderWork(<RiskModelPage id={id} />, agent);
  return screen.findByRole('form', { name: 'Risk model editor' });
};
const group = (name: string | RegExp, root: HTMLElement = document.body) => within(root).getByRole('group', { name });
const field = (root: HTMLElement, name: string) => within(root).getByRole<HTMLInputElement>('textbox', { name });
/** Disabled itself or inside a disabled fieldset. */
const isDisabled = (el: Element) => el.matches(':disabled');
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const puts = () => server.calls.filter((c) => c.method === 'PUT');
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('the editor', () => {
  it("starts a new draft with the spec's defaults", async () => {
    const id = await createDraft('Defaults');
    const form = await open(id);
    expect(field(form, 'Title').value).toBe('Defaults');
    expect(field(form, 'Low risk ceiling').value).toBe('40');
    expect(field(form, 'High risk floor').value).toBe('80');
    const segment = within(form).getByRole('region', { name: 'Segment 1: All customers' });
    const parameters = ['Address risk', 'New member risk', 'Suspicious activity risk', 'Alert and case risk'];
    parameters.forEach((p, i) => expect(field(group(`Parameter ${i + 1}: ${p}`, segment), 'Weight').value).toBe('0.5'));
    // address: unknown risk 100; age of record: under 3, 6, 9, 12 months at 100, 80, 60, 40
    expect(field(group('Metric 1', group('Parameter 1: Address risk', segment)), 'Unknown risk').value).toBe('100');
    const age = group('Parameter 2: New member risk', segment);
    expect(field(age, 'Unknown risk').value).toBe('100');
    const mappings = within(age).getAllByRole('group', { name: /^Mapping \d of/ });
    expect(
      mappings.map((m) => [within(m).getByRole<HTMLSelectElement>('combobox', { name: 'Operator' }).value, field(m, 'Value').value, field(m, 'Risk').value]),
    ).toEqual([
      ['less_than', '3', '100'],
      ['less_than', '6', '80'],
      ['less_than', '9', '60'],
      ['less_than', '12', '40'],
    ]);
    expect(field(group('Metric 1', group('Parameter 3: Suspicious activity risk', segment)), 'Unknown risk').value).toBe('0');
    for (const status of ['SUBMITTING', 'SUBMISSION_ACCEPTED', 'SUBMISSION_SUCCESSFUL', 'ARCHIVED'])
      expect(within(segment).getByRole<HTMLInputElement>('checkbox', { name: status }).checked).toBe(true);
    const operators = within(mappings[0]).getByRole('combobox', { name: 'Operator' });
    expect(
      within(operators)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Greater than', 'Less than', 'Equal to', 'Not equal to', 'In between']);
  });

  it('shows every message of spec part 2 section 5 on its field, sends nothing, and keeps what was typed', async () => {
    const id = await createDraft('Messages');
    const form = await open(id);
    const segment = within(form).getByRole('region', { name: /^Segment 1/ });
    const address = group('Parameter 1: Address risk', segment);
    const age = group('Parameter 2: New member risk', segment);
    type(field(address, 'Weight'), 'heavy');
    type(field(age, 'Weight'), '1.5');
    const firstMapping = group(/^Mapping 1 of/, age);
    type(field(firstMapping, 'Risk'), '');
    type(field(group(/^Mapping 2 of/, age), 'Risk'), '101');
    type(field(form, 'High risk floor'), '-1');
    const before = puts().length;
    fireEvent.click(button('Save'));
    expect(await screen.findByText('The risk model was not saved: some fields need attention.')).toBeTruthy();
    const messageOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(messageOf(field(address, 'Weight'))).toBe('Must be a number.');
    expect(messageOf(field(age, 'Weight'))).toBe('Must be a number between 0 and 1.');
    expect(messageOf(field(firstMapping, 'Risk'))).toBe('Field is required.');
    expect(messageOf(field(group(/^Mapping 2 of/, age), 'Risk'))).toBe('Must be a number between 0 and 100.');
    expect(messageOf(field(form, 'High risk floor'))).toBe('Must be a number between 0 and 100.');
    expect(field(address, 'Weight').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(form, 'High risk floor'));
    expect(puts().length).toBe(before);
    expect(field(address, 'Weight').value).toBe('heavy');
    expect(field(age, 'Weight').value).toBe('1.5');

    // fixed, the messages go as the agent types, and the save goes through
    type(field(address, 'Weight'), '0.25');
    expect(messageOf(field(address, 'Weight'))).not.toBe('Must be a number.');
    type(field(age, 'Weight'), '0.75');
    type(field(firstMapping, 'Risk'), '90');
    type(field(group(/^Mapping 2 of/, age), 'Risk'), '70');
    type(field(form, 'High risk floor'), '85');
    fireEvent.click(button('Save'));
    await waitFor(() => expect(puts().length).toBe(before + 1));
    const saved = (await server.api('GET', `${BASE}/${id}`)).json;
    expect(saved.high_risk_floor).toBe(85);
    expect(saved.entity_risk_segments[0].parameters.map((p: { weight: number }) => p.weight)).toEqual([0.25, 0.75, 0.5, 0.5]);
    expect(saved.entity_risk_segments[0].parameters[1].metrics[0].risk_mappings.map((m: { risk: number }) => m.risk)).toEqual([90, 70, 60, 40]);
  });

  it('adds a segment with a filter and a parameter, and a mapping in between', async () => {
    const id = await createDraft('Segments');
    const form = await open(id);
    fireEvent.click(button('Add segment'));
    const segment = within(form).getByRole('region', { name: /^Segment 2/ });
    type(field(segment, 'Segment title'), 'Businesses');
    fireEvent.click(button('Add filter to segment 2'));
    const filter = group('Filter 1 of segment 2', segment);
    type(field(filter, 'Value'), 'business');
    fireEvent.change(within(segment).getByRole('combobox', { name: 'New parameter of segment 2' }), { target: { value: 'custom_data_risk' } });
    fireEvent.click(button('Add parameter to segment 2'));
    const custom = group('Parameter 1: Custom data risk', segment);
    fireEvent.change(within(custom).getByRole('combobox', { name: 'Metric type' }), { target: { value: 'number' } });
    fireEvent.click(within(custom).getByRole('button', { name: /^Add mapping to/ }));
    const mapping = group(/^Mapping 1 of/, custom);
    fireEvent.change(within(mapping).getByRole('combobox', { name: 'Operator' }), { target: { value: 'in_between' } });
    type(field(mapping, 'Start'), '10');
    type(field(mapping, 'End'), '5');
    type(field(mapping, 'Risk'), '60');
    fireEvent.click(button('Save'));
    const messageOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    // a custom data metric needs its data setting; start must not be above the end
    expect(await within(custom).findByText('Field is required.')).toBeTruthy();
    expect(messageOf(field(mapping, 'Start'))).toBe('Must not be above the end.');
    const setting = within(custom).getByRole<HTMLSelectElement>('combobox', { name: 'Custom data setting' });
    // the organisation's data settings are offered once they are read
    await waitFor(() => expect(within(setting).getAllByRole('option').length).toBeGreaterThan(1));
    fireEvent.change(setting, { target: { value: within(setting).getAllByRole('option')[1].getAttribute('value') } });
    type(field(mapping, 'Start'), '1');
    // the metric name offers the engine's metrics: a combobox
    type(within(group('Metric 1', custom)).getByRole('combobox', { name: 'Metric' }), 'kyc_score');
    const before = puts().length;
    fireEvent.click(button('Save'));
    await waitFor(() => expect(puts().length).toBe(before + 1));
    const saved = (await server.api('GET', `${BASE}/${id}`)).json;
    expect(saved.entity_risk_segments[1]).toMatchObject({
      title: 'Businesses',
      filters: [{ field: 'entity_type', operator: 'equal_to', value: 'business' }],
      parameters: [
        {
          parameter_type: 'custom_data_risk',
          weight: 0.5,
          metrics: [{ metric: 'kyc_score', risk_mappings: [{ method: 'in_between', risk: 60, content: { operator: 'in_between', start: 1, end: 5 } }] }],
        },
      ],
    });
  });

  it('keeps what was typed when the server refuses the save', async () => {
    const id = await createDraft('Refused');
    const form = await open(id);
    // the draft's validation is queued elsewhere while the agent types: the server refuses the edit
    expect((await server.api('POST', `${BASE}/${id}/validate`)).status).toBe(202);
    type(field(form, 'Title'), 'Refused, renamed');
    fireEvent.click(button('Save'));
    expect(await screen.findByText('Only a draft whose validation is not queued or in progress can be edited.')).toBeTruthy();
    expect(field(form, 'Title').value).toBe('Refused, renamed');
    expect(puts().at(-1)?.status).toBe(409);
  });
});

describe('the lifecycle', () => {
  it('validates, follows the run, shows the distribution, and activates in place of the active model', async () => {
    const id = await createDraft('Lifecycle');
    const previous = (await server.api('GET', '/api/risk/active-risk-model')).json;
    await open(id);
    expect(button('Activate').disabled).toBe(true);
    expect(screen.getByText('Not validated')).toBeTruthy();
    // an unsaved change is not what a validation would read
    type(field(screen.getByRole('form', { name: 'Risk model editor' }), 'Title'), 'Lifecycle changed');
    expect(button('Validate').disabled).toBe(true);
    fireEvent.click(button('Discard changes'));
    expect(button('Validate').disabled).toBe(false);
    fireEvent.click(button('Validate'));
    await screen.findByText('Queued', { selector: 'span' });
    // frozen while queued: no edit, no second validation, no activation
    expect(button('Validate').disabled).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Title' }))).toBe(true);
    // the worker's steps, written as it writes them; the page follows by polling
    await server.sql(`update risk_models set last_validation_status = 'in_progress' where id = ${id}`);
    await screen.findByText('In progress', { selector: 'span' });
    await server.sql(
      `update risk_models set last_validation_status = 'success', last_validated_at = now(), last_validation_result = '{"low": 30, "medium": 15, "high": 5, "total": 52, "excluded": 2}' where id = ${id}`,
    );
    const table = await screen.findByRole('table', { name: 'Risk distribution' }, { timeout: 4000 });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Low risk', 'below 40', '30', '60%'],
      ['Medium risk', '40 to 80', '15', '30%'],
      ['High risk', 'above 80', '5', '10%'],
    ]);
    expect(screen.getByText("52 entities in the organisation; 2 excluded by the segments' filters.")).toBeTruthy();
    await waitFor(() => expect(button('Activate').disabled).toBe(false));
    fireEvent.click(button('Activate'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Activate Lifecycle?' });
    expect(within(dialog).getByText(`It replaces ${previous.title}, which is archived. Every entity of the organisation is rescored under it.`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await screen.findByText('Active', { selector: 'span' });
    expect(screen.getByText('The active model scores every entity. Duplicate it into a draft to make changes.')).toBeTruthy();
    expect((await server.api('GET', '/api/risk/active-risk-model')).json.id).toBe(id);
    expect((await server.api('GET', `${BASE}/${previous.id}`)).json.status).toBe('archived');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(isDisabled(screen.getByRole('textbox', { name: 'Title' }))).toBe(true);
  });

  it('says single_active_risk_model_error as the spec does', () => {
    expect(lifecycleErrorText(new ApiError(409, 'single_active_risk_model_error', 'whatever the server said'))).toBe('Only one active risk model is allowed.');
    expect(lifecycleErrorText(new ApiError(409, 'conflict', 'Only a draft whose last validation succeeded can be activated.'))).toBe(
      'Only a draft whose last validation succeeded can be activated.',
    );
  });
});

describe('without edit_risk_ratings', () => {
  it('shows the model read-only to an analyst', async () => {
    const id = await createDraft('Read only');
    await server.signInAs('analyst@demo.test');
    const analyst = (await server.api('GET', '/api/agents/me')).json as CurrentAgent;
    expect(analyst.permissions).toContain('read_risk_ratings');
    expect(analyst.permissions).not.toContain('edit_risk_ratings');
    const form = await open(id, analyst);
    expect(screen.getByText('You can view this risk model; changing it needs permission to edit risk ratings.')).toBeTruthy();
    expect(isDisabled(field(form, 'Title'))).toBe(true);
    for (const name of ['Save', 'Validate', 'Activate', 'Archive', 'Duplicate', 'Add segment']) expect(screen.queryByRole('button', { name })).toBeNull();
  });
});
