// @vitest-environment jsdom
// The rules list and the rule editor against the real server: the list's status, queue and title
// filters in the address and in the call; the editor sending a save the shared checks refuse (the
// server decides) and showing each of the server's details at its field, a nested condition's value
// included, with everything typed kept; then the corrected save.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { PaletteContext } from '../../src/app/palette/palette-context';
import { createCommandRegistry, type CommandRegistry } from '../../src/app/palette/registry';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { RulePage } from '../../src/areas/rules/detail/RulePage';
import { EditRulePage, NewRulePage } from '../../src/areas/rules/editor/RuleEditorPage';
import { RuleListPage } from '../../src/areas/rules/list/RuleListPage';
import type { CurrentAgent } from '../../src/lib/permissions';
import { json, net } from './fetch-stub';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
let server: WorkServer;
let manager: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => cleanup());
afterAll(() => server.close());

function renderAt(path: string, ui: ReactNode, registry: CommandRegistry = createCommandRegistry()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const auth: Auth = { status: 'signedIn', agent: manager, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  const view = render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <PaletteContext.Provider value={{ registry, open: () => {}, close: () => {}, openShortcuts: () => {} }}>
          <ToastProvider>
            <Router hook={location.hook} searchHook={location.searchHook}>
              {ui}
            </Router>
          </ToastProvider>
        </PaletteContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { ...location, unmount: view.unmount };
}

const ruleRows = async () => {
  const table = await screen.findByRole('table', { name: 'Rules' });
  return within(table).getAllByRole('row').slice(1);
};
const listCalls = () => server.calls.filter((c) => c.method === 'GET' && c.path === '/api/rules');

describe('the rules list', () => {
  it('filters by the statuses and queue of the address, and searches the title', async () => {
    const location = renderAt('/rules?status=DRAFT,ARCHIVED', <RuleListPage />);
    await waitFor(async () => {
      const statuses = (await ruleRows()).map((r) => r.querySelector('[data-status]')?.getAttribute('data-status'));
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['DRAFT', 'ARCHIVED']));
    });
    expect(screen.getByRole('button', { name: 'Status: Draft, Archived' })).toBeTruthy();

    // the queue picker narrows the call and the address
    const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string }>;
    const general = queues.find((q) => q.title === 'General')!;
    const picker = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Queue' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'General' })).toBeTruthy());
    fireEvent.change(picker, { target: { value: String(general.id) } });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/rules?status=DRAFT%2CARCHIVED&queue=${general.id}`));
    expect(await screen.findByText('No rule matches these filters.')).toBeTruthy();
    expect(listCalls().at(-1)).toMatchObject({ status: 200 });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/rules'));
    await waitFor(async () => expect((await ruleRows()).length).toBeGreaterThanOrEqual(8));

    // the search goes out a moment after typing, in the address and the call
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search rules by title' }), { target: { value: 'cash' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/rules?q=cash'));
    await waitFor(async () => {
      const titles = (await ruleRows()).map((r) => within(r).getByRole('link').textContent ?? '');
      expect(titles.length).toBeGreaterThan(0);
      titles.forEach((t) => expect(t.toLowerCase()).toContain('cash'));
    });
  });
});

const editorForm = () => screen.findByRole('form', { name: 'Rule editor' });
const messageOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent;
const posts = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/rules');

describe('the rule editor', () => {
  it('sends a save the shared checks refuse, shows the server’s messages at their fields and keeps what was typed', async () => {
    renderAt('/rules/new', <NewRulePage />);
    const form = await editorForm();
    const title = `Editor test ${Date.now().toString(36)}`;
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), { target: { value: title } });
    const variable = within(form).getByRole('group', { name: /^Variable 1:/ });
    fireEvent.click(within(variable).getByRole('button', { name: '7 days' }));
    expect(within(variable).getByRole<HTMLInputElement>('textbox', { name: 'Window (minutes)' }).value).toBe('10080');
    fireEvent.change(within(variable).getByRole('textbox', { name: 'From' }), { target: { value: '9000' } });
    fireEvent.change(within(variable).getByRole('textbox', { name: 'To' }), { target: { value: '100' } });
    // a nested OR group whose condition compares with text where a number belongs
    fireEvent.click(within(form).getByRole('button', { name: 'Add group to all conditions' }));
    const nested = within(form).getByRole('group', { name: 'Condition 2.1' });
    fireEvent.change(within(nested).getByRole('textbox', { name: 'Value' }), { target: { value: 'many' } });
    const score = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Score' });
    fireEvent.change(score, { target: { value: '101' } });

    const before = posts().length;
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('The rule was not saved: some fields need attention.')).toBeTruthy();
    // the server was asked and refused
    await waitFor(() => expect(posts().length).toBe(before + 1));
    expect(posts().at(-1)!.status).toBe(400);
    expect(messageOf(score)).toBe('The score is a whole number from 0 to 100.');
    expect(score.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(within(nested).getByRole('textbox', { name: 'Value' }))).toBe('Enter a number.');
    expect(messageOf(within(variable).getByRole('textbox', { name: 'From' }))).toBe('The first amount must not be above the second.');
    await waitFor(() => expect(document.activeElement).toBe(within(variable).getByRole('textbox', { name: 'From' })));
    // nothing typed is lost
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Title' }).value).toBe(title);
    expect(score.value).toBe('101');
    expect(within(nested).getByRole<HTMLInputElement>('textbox', { name: 'Value' }).value).toBe('many');

    // fixed, the messages go as the agent types, and the save goes through
    fireEvent.change(score, { target: { value: '75' } });
    expect(messageOf(score)).not.toBe('The score is a whole number from 0 to 100.');
    fireEvent.change(within(variable).getByRole('textbox', { name: 'To' }), { target: { value: '9999.99' } });
    fireEvent.change(within(nested).getByRole('textbox', { name: 'Value' }), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(posts().at(-1)!.status).toBe(201));
    const saved = (await server.api('GET', `/api/rules?q=${encodeURIComponent(title)}`)).json.rules[0];
    expect(saved.spec.score).toBe(75);
    expect(saved.spec.variables[0]).toMatchObject({ window_minutes: 10080, filter: { amount_between: [9000, 9999.99] } });
    expect(saved.spec.condition.operands[1]).toMatchObject({ type: 'composite', operator: 'OR' });
  });

  it('shows a message only the server knows at its field (a nested condition, a queue)', async () => {
    renderAt('/rules/new', <NewRulePage />);
    const form = await editorForm();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Title' }), { target: { value: 'Refused by the server' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add group to all conditions' }));
    fireEvent.change(within(within(form).getByRole('group', { name: 'Condition 2.1' })).getByRole('textbox', { name: 'Value' }), { target: { value: '4' } });
    const real = net.handler;
    net.handler = async (request) =>
      request.method === 'POST' && new URL(request.url).pathname === '/api/rules'
        ? json(400, {
            error: {
              code: 'bad_request',
              message: 'Invalid rule',
              details: [
                { path: 'body/queue_id', message: 'No such queue.' },
                { path: 'body/spec/condition/operands/1/operands/0/operands/1', message: 'This value is refused.' },
              ],
            },
          })
        : real(request);
    try {
      fireEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByText('No such queue.')).toBeTruthy();
      expect(messageOf(within(form).getByRole('combobox', { name: 'Queue' }))).toBe('No such queue.');
      const value = within(within(form).getByRole('group', { name: 'Condition 2.1' })).getByRole<HTMLInputElement>('textbox', { name: 'Value' });
      expect(messageOf(value)).toBe('This value is refused.');
      expect(value.value).toBe('4');
      // a change of the field answers its message
      fireEvent.change(value, { target: { value: '5' } });
      expect(messageOf(value)).not.toBe('This value is refused.');
      expect(messageOf(within(form).getByRole('combobox', { name: 'Queue' }))).toBe('No such queue.');
    } finally {
      net.handler = real;
    }
  });
});

describe('the rule page', () => {
  it('offers the actions the lifecycle and the agent allow, says why the others are not, and registers them in the palette while shown', async () => {
    const draft = (await server.api('GET', '/api/rules?status=DRAFT&q=card%20testing')).json.rules[0];
    const registry = createCommandRegistry();
    const page = renderAt(`/rules/${draft.id}/definition`, <RulePage id={draft.id} tab="definition" />, registry);
    const toolbar = await screen.findByRole('group', { name: 'Rule actions' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => [b.textContent, b.getAttribute('aria-disabled') === 'true']);
    // the manager lacks activate_live_rules: going live is shown, disabled, with the reason
    expect(names).toEqual([
      ['Edit', false],
      ['Validate', false],
      ['Put in shadow', true],
      ['Activate', true],
      ['Archive', false],
    ]);
    const shadow = within(toolbar).getByRole('button', { name: 'Put in shadow' });
    expect(messageOf(shadow)).toBe('Put in shadow: Putting a rule live needs the activate_live_rules permission.');
    await waitFor(() => expect(registry.snapshot().map((c) => c.title)).toEqual([`Edit ${draft.title}`, `Validate ${draft.title}`, `Archive ${draft.title}`]));
    // a command does what its button does
    registry
      .snapshot()
      .find((c) => c.id === 'rules.detail.archive')!
      .run();
    expect(await screen.findByRole('alertdialog', { name: `Archive ${draft.title}?` })).toBeTruthy();
    page.unmount();
    expect(registry.snapshot()).toEqual([]);
  });
});

describe('editing a live rule', () => {
  it('keeps the definition read-only for a manager without activate_live_rules, who may still rename it', async () => {
    const live = (await server.api('GET', '/api/rules?status=ACTIVE&q=large%20cash')).json.rules[0];
    renderAt(`/rules/${live.id}/edit`, <EditRulePage id={live.id} />);
    const form = await editorForm();
    expect(within(form).getByRole('note').textContent).toMatch(/activate_live_rules/);
    const variable = within(form).getByRole('group', { name: /^Variable 1:/ });
    expect(within(variable).getByRole('textbox', { name: 'Name' }).matches(':disabled')).toBe(true);
    expect(within(form).queryByRole('button', { name: 'Add variable' })).toBeNull();
    const title = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Title' });
    expect(title.matches(':disabled')).toBe(false);
    fireEvent.change(title, { target: { value: `${live.title} (renamed)` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT').at(-1)?.status).toBe(200));
    const saved = (await server.api('GET', `/api/rules/${live.id}`)).json;
    expect(saved).toMatchObject({ title: `${live.title} (renamed)`, version: live.version, status: 'ACTIVE' });
    expect(saved.spec).toEqual(live.spec);
  });
});
