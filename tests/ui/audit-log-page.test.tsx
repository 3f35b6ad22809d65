// @vitest-environment jsdom
// The audit log page keeps its filters and page in the address: a link's filters become the request
// and show in the controls; a change is one history step and goes back to the first page; typing an
// object id makes one step when the field is left, not one per key; the controls follow the address
// when it changes under them (Back); a page past the end becomes the last page.
import './setup-dom';
import { json, net, resetNet } from './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { AuditLogPage } from '../../src/areas/org-management/audit/AuditLogPage';

type Entry = components['schemas']['AuditLogEntry'];

const TOTAL = 120;
const FACETS: components['schemas']['AuditLogFacets'] = {
  agents: [
    { id: 12, full_name: 'Ada Admin' },
    { id: 7, full_name: 'Avery Analyst' },
  ],
  object_types: ['AGENT', 'ALERT'],
  actions: ['alert.assign', 'impersonation.cancelled', 'impersonation.started'],
};

function entry(id: number): Entry {
  return {
    id,
    created_at: new Date(Date.UTC(2026, 10, 1) - id * 60_000).toISOString(),
    action: 'alert.assign',
    agent: { id: 12, full_name: 'Ada Admin' },
    impersonated_by: null,
    object_type: 'ALERT',
    object_id: String(id),
    before: null,
    after: null,
    details: {},
  };
}

/** The query of each GET /api/audit-log/entries, as sent. */
let queries: Array<Record<string, string>>;

beforeEach(() => {
  queries = [];
  net.handler = async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== '/api/audit-log/entries') return json(404, {});
    const query = Object.fromEntries(url.searchParams);
    queries.push(query);
    const offset = Number(query.offset ?? 0);
    const total = query.object_id === 'none' ? 0 : TOTAL;
    const count = Math.max(0, Math.min(Number(query.limit ?? 50), total - offset));
    return json(200, { entries: Array.from({ length: count }, (_, i) => entry(offset + i + 1)), total, facets: FACETS });
  };
});
afterEach(() => {
  cleanup();
  resetNet();
});

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AuditLogPage />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const objectId = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Object id' });
const pages = () => screen.getByRole('navigation', { name: 'Pages' });

describe('audit log page, address', () => {
  it('turns a link’s filters and page into the request and shows them in the controls', async () => {
    renderAt('/audit-log?agent=12&object_type=ALERT&object_id=55&action=impersonation.&offset=50');
    await waitFor(() => expect(pages().textContent).toContain('51–100 of 120'));
    expect(queries.at(-1)).toEqual({ agent_id: '12', object_type: 'ALERT', object_id: '55', action: 'impersonation.', limit: '50', offset: '50' });
    expect(select('Agent').value).toBe('12');
    expect(select('Agent').selectedOptions[0].textContent).toBe('Ada Admin');
    expect(select('Object').value).toBe('ALERT');
    expect(objectId().value).toBe('55');
    expect(select('Action').selectedOptions[0].textContent).toBe('All impersonation actions');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Clear filters' }).disabled).toBe(false);
  });

  it('asks for the plain log when a link’s values are malformed', async () => {
    const location = renderAt('/audit-log?agent=abc&object_id=55&action=%25&offset=7');
    await waitFor(() => expect(pages().textContent).toContain('1–50 of 120'));
    expect(queries.at(-1)).toEqual({ limit: '50', offset: '0' });
    expect(select('Agent').value).toBe('');
    expect(objectId().disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Clear filters' }).disabled).toBe(true);
    // the address is left as it came until the agent changes something
    expect(location.history).toHaveLength(1);
  });

  it('shows a value the log does not offer as chosen, rather than "All"', async () => {
    renderAt('/audit-log?agent=99&object_type=CASE&action=risk_model.');
    await waitFor(() => expect(queries).toHaveLength(1));
    await screen.findByRole('option', { name: 'Ada Admin' });
    expect(select('Agent').selectedOptions[0].textContent).toBe('Agent 99');
    expect(select('Object').selectedOptions[0].textContent).toBe('CASE');
    expect(select('Action').selectedOptions[0].textContent).toBe('All risk model actions');
  });

  it('writes each change into the address as a history step, and a filter change goes back to the first page', async () => {
    const location = renderAt('/audit-log?panel=alert%3A3');
    await waitFor(() => expect(pages().textContent).toContain('1–50 of 120'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/audit-log?panel=alert%3A3&offset=50'));
    await waitFor(() => expect(pages().textContent).toContain('51–100 of 120'));
    fireEvent.change(select('Action'), { target: { value: 'impersonation.' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/audit-log?panel=alert%3A3&action=impersonation.'));
    await waitFor(() => expect(queries.at(-1)).toEqual({ action: 'impersonation.', limit: '50', offset: '0' }));
    fireEvent.change(select('Agent'), { target: { value: '7' } });
    await waitFor(() => expect(location.history.at(-1)).toBe('/audit-log?panel=alert%3A3&agent=7&action=impersonation.'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/audit-log?panel=alert%3A3'));
    expect(location.history).toHaveLength(5);
    expect(select('Action').value).toBe('');
  });

  it('makes one history step for a typed object id, when the field is left or Enter is pressed', async () => {
    const location = renderAt('/audit-log?object_type=ALERT&offset=100');
    await waitFor(() => expect(pages().textContent).toContain('101–120 of 120'));
    const input = objectId();
    for (const typed of ['5', '55', '551']) fireEvent.change(input, { target: { value: typed } });
    // what is typed stays in the field, and nothing is asked or written yet
    expect(input.value).toBe('551');
    expect(location.history).toHaveLength(1);
    fireEvent.blur(input);
    await waitFor(() => expect(location.history.at(-1)).toBe('/audit-log?object_type=ALERT&object_id=551'));
    expect(location.history).toHaveLength(2);
    await waitFor(() => expect(queries.at(-1)).toEqual({ object_type: 'ALERT', object_id: '551', limit: '50', offset: '0' }));
    fireEvent.change(input, { target: { value: ' 55 ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/audit-log?object_type=ALERT&object_id=55'));
    expect(location.history).toHaveLength(3);
    // leaving the field unchanged writes nothing more
    fireEvent.blur(input);
    expect(location.history).toHaveLength(3);
    expect(input.value).toBe('55');
  });

  it('follows the address when it changes under the controls, as Back does', async () => {
    const location = renderAt('/audit-log?object_type=ALERT&object_id=55&action=alert.assign');
    await waitFor(() => expect(objectId().value).toBe('55'));
    act(() => location.navigate('/audit-log?object_type=AGENT&offset=50'));
    await waitFor(() => expect(objectId().value).toBe(''));
    expect(select('Object').value).toBe('AGENT');
    expect(select('Action').value).toBe('');
    await waitFor(() => expect(queries.at(-1)).toEqual({ object_type: 'AGENT', limit: '50', offset: '50' }));
  });

  it('shows the last page for a page past the end, replacing the address', async () => {
    const location = renderAt('/audit-log?action=alert.assign&offset=500');
    await waitFor(() => expect(location.history).toEqual(['/audit-log?action=alert.assign&offset=100']));
    await waitFor(() => expect(pages().textContent).toContain('101–120 of 120'));
    expect(screen.getAllByRole('row')).toHaveLength(21);
  });

  it('goes back to the first page when nothing matches a page of a link', async () => {
    const location = renderAt('/audit-log?object_type=ALERT&object_id=none&offset=50');
    await waitFor(() => expect(location.history).toEqual(['/audit-log?object_type=ALERT&object_id=none']));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
