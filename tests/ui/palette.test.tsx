// @vitest-environment jsdom
import './setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../src/api/client';
import { OPEN_PALETTE_EVENT } from '../../src/app/palette/palette-context';
import { useRegisterCommands } from '../../src/app/palette/palette-context';
import { paletteRoutes, resultPath, SEARCH_SOURCES } from '../../src/app/palette/palette-sources';
import { PaletteProvider } from '../../src/app/palette/PaletteProvider';
import { readRecent, recentKey, rememberRecent } from '../../src/app/palette/recent';
import { createCommandRegistry } from '../../src/app/palette/registry';
import { ROUTES } from '../../src/app/routes';
import type { PermissionName } from '../../src/lib/permissions';
import { makeAgent } from './fixtures';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

function renderPalette(children: ReactNode, permissions: PermissionName[] = ['read_alerts', 'read_entities']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PaletteProvider agent={makeAgent(permissions)}>{children}</PaletteProvider>
    </QueryClientProvider>,
  );
}

async function openPalette() {
  act(() => {
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  });
  return screen.findByRole('combobox', { name: 'Command palette' });
}

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent ?? '');
const selectedOption = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.textContent ?? '';

function AreaCommands() {
  useRegisterCommands('cases-area', [{ id: 'cases.create', title: 'Create case', group: 'Cases', run: () => {} }], []);
  return null;
}

function Toggle() {
  const [on, setOn] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOn((v) => !v)}>
        toggle
      </button>
      {on ? <AreaCommands /> : null}
    </>
  );
}

describe('command registry', () => {
  it('adds and removes a group, and a stale cleanup leaves a newer registration alone', async () => {
    const registry = createCommandRegistry();
    const run = () => {};
    const off1 = registry.register('a', [{ id: 'a.1', title: 'One', group: 'A', run }]);
    const off2 = registry.register('a', [{ id: 'a.2', title: 'Two', group: 'A', run }]);
    off1();
    expect(registry.snapshot().map((c) => c.id)).toEqual(['a.2']);
    off2();
    expect(registry.snapshot()).toEqual([]);
  });

  it('lists a mounted component’s commands and drops them on unmount', async () => {
    renderPalette(<Toggle />);
    await openPalette();
    expect(screen.getByRole('option', { name: /Create case/ })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await openPalette();
    expect(screen.queryByRole('option', { name: /Create case/ })).toBeNull();
    expect(screen.getByRole('option', { name: /Show keyboard shortcuts/ })).toBeTruthy();
  });
});

describe('routes in the palette', () => {
  it('lists only routes the agent may open, without path parameters', async () => {
    renderPalette(null, ['read_alerts']);
    await openPalette();
    const names = optionNames();
    expect(names.some((n) => n.startsWith('Alerts'))).toBe(true);
    expect(names.some((n) => n.startsWith('Notifications'))).toBe(true);
    expect(names.some((n) => n.startsWith('Cases'))).toBe(false);
    expect(names.some((n) => n.startsWith('Org management'))).toBe(false);
    expect(names.some((n) => n.includes(':id'))).toBe(false);
  });

  it('lists recent objects newest first, hiding those the agent may no longer open', async () => {
    rememberRecent({ type: 'CASE', id: 1, title: 'Case of the mule ring', path: '/cases/1' }, 7);
    rememberRecent({ type: 'ENTITY', id: 5, title: 'Ada Lovelace', path: '/entities/5' }, 7);
    rememberRecent({ type: 'ALERT', id: 9, title: 'Rapid movement', path: '/alerts/9' }, 7);
    renderPalette(null, ['read_alerts', 'read_entities']);
    await openPalette();
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(Array.from(recent.querySelectorAll('[role="option"]')).map((o) => o.textContent)).toEqual(['Rapid movementAlert', 'Ada LovelaceEntity']);
  });

  it('applies the route table guards', async () => {
    const ids = paletteRoutes(ROUTES, { permissions: ['read_cases'], feature_flags: [] }).map((r) => r.id);
    expect(ids).toContain('cases.list');
    expect(ids).not.toContain('alerts.list');
    expect(ids).not.toContain('login.agent');
    expect(ids).not.toContain('cases.detail');
  });

  it('opens from the top bar event', async () => {
    renderPalette(null);
    act(() => {
      window.dispatchEvent(new CustomEvent(OPEN_PALETTE_EVENT));
    });
    expect(await screen.findByRole('combobox', { name: 'Command palette' })).toBeTruthy();
  });
});

describe('typing a name and pressing Enter', () => {
  const selectedName = () => screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true')?.textContent ?? '';

  function ExportCommands({ ran }: { ran: string[] }) {
    // Registered longest first, so the exact name has to win on score, not on order.
    useRegisterCommands(
      'reports',
      [
        { id: 'export.all', title: 'Export all', group: 'This page', run: () => ran.push('export.all') },
        { id: 'export.one', title: 'Export', group: 'This page', run: () => ran.push('export.one') },
      ],
      [],
    );
    return null;
  }

  it('opens a route typed in any case, with the search row still listed below it', async () => {
    renderPalette(null, ['read_alerts']);
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'ALERTS' } });
    await waitFor(() => expect(selectedName()).toBe('Alerts/alerts'));
    const names = optionNames();
    expect(names.indexOf('Alerts/alerts')).toBeLessThan(names.findIndex((n) => n.startsWith('Search for')));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(window.location.pathname).toBe('/alerts');
  });

  it('opens a route by the start of its name or of its path', async () => {
    renderPalette(null, ['read_alerts']);
    let input = await openPalette();
    fireEvent.change(input, { target: { value: 'notif' } });
    await waitFor(() => expect(selectedName()).toBe('Notifications/notifications'));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(window.location.pathname).toBe('/notifications');
    input = await openPalette();
    fireEvent.change(input, { target: { value: '/que' } });
    await waitFor(() => expect(selectedName()).toBe('Queues/queues'));
  });

  it('runs a command by name, the exact name before a longer one', async () => {
    const ran: string[] = [];
    renderPalette(<ExportCommands ran={ran} />);
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'export' } });
    await waitFor(() => expect(selectedName()).toBe('Export'));
    expect(optionNames().slice(0, 3)).toEqual(['Export', 'Export all', 'Search for “export”Enter']);
    fireEvent.keyDown(input, { key: 'Enter' });
    // The command runs once the palette has closed.
    await waitFor(() => expect(ran).toEqual(['export.one']));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('keeps the search row first when a name only loosely matches', async () => {
    const post = vi.spyOn(api, 'POST').mockResolvedValue({ data: { results: [], count: 0 }, response: new Response(null, { status: 200 }) });
    renderPalette(null, ['read_alerts', 'read_entities']);
    const input = await openPalette();
    // "lrts" is in "Alerts" only as scattered letters, and "erts" is inside it, not at its start.
    for (const phrase of ['lrts', 'erts']) {
      fireEvent.change(input, { target: { value: phrase } });
      await waitFor(() => expect(selectedName()).toMatch(/^Search for/));
      expect(optionNames()).toContain('Alerts/alerts');
    }
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(post).toHaveBeenCalled());
  });
});

describe('focus after a command', () => {
  // A page with a composer and a dialog the palette's commands open, as the alert page has.
  function Page() {
    const area = useRef<HTMLTextAreaElement>(null);
    const [dialog, setDialog] = useState(false);
    useRegisterCommands(
      'page',
      [
        { id: 'page.comment', title: 'Add comment', group: 'This page', run: () => area.current?.focus() },
        { id: 'page.close', title: 'Close thing', group: 'This page', run: () => setDialog(true) },
      ],
      [],
    );
    return (
      <>
        <button type="button">Before</button>
        <textarea ref={area} aria-label="Comment" />
        {dialog ? <DialogWithInput onClose={() => setDialog(false)} /> : null}
      </>
    );
  }
  function DialogWithInput({ onClose }: { onClose: () => void }) {
    return (
      <div role="dialog" aria-label="Close thing">
        <select aria-label="Disposition" autoFocus onChange={onClose}>
          <option>One</option>
        </select>
      </div>
    );
  }

  async function runByName(name: string) {
    const input = await openPalette();
    fireEvent.change(input, { target: { value: name } });
    await waitFor(() => expect(selectedOption()).toBe(name));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Command palette' })).toBeNull());
  }

  it('a command that opens an input leaves focus in it once the palette has closed', async () => {
    renderPalette(<Page />);
    await runByName('Add comment');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Comment' })));
    // and it stays there (nothing takes it back later)
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Comment' }));
  });

  it('a command that opens a dialog leaves focus in the dialog', async () => {
    renderPalette(<Page />);
    await runByName('Close thing');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Disposition' })));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Disposition' }));
  });

  it('closing without a command puts focus back where it was', async () => {
    renderPalette(<Page />);
    const before = screen.getByRole('button', { name: 'Before' });
    act(() => before.focus());
    const input = await openPalette();
    await waitFor(() => expect(document.activeElement).toBe(input));
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(before));
  });
});

describe('global search', () => {
  it('shows the four messages and searches only on Enter, only where permitted', async () => {
    let answer: (results: unknown[]) => void = () => {};
    const post = vi.spyOn(api, 'POST').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = (results) => resolve({ data: { results, count: results.length }, response: new Response(null, { status: 200 }) });
        }) as never,
    );
    renderPalette(null, ['read_entities']);
    const input = await openPalette();
    expect(screen.getByRole('status').textContent).toBe('Type to search');
    fireEvent.change(input, { target: { value: 'a' } });
    expect(screen.getByRole('status').textContent).toBe('Type to search');
    fireEvent.change(input, { target: { value: 'ab' } });
    expect(screen.getByRole('status').textContent).toBe('Press enter to search');
    expect(post).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading...'));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]?.[0]).toBe('/api/entities/search');
    await act(async () => answer([]));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No results found'));
  });

  it('opens a result on Enter and remembers it as recent', async () => {
    vi.spyOn(api, 'POST').mockResolvedValue({
      data: { results: [{ id: 5, external_id: 'E-5', title: 'Ada Lovelace', subtitle: null, object_type: 'ENTITY' }], count: 1 },
      response: new Response(null, { status: 200 }),
    });
    renderPalette(null, ['read_entities']);
    const input = await openPalette();
    fireEvent.change(input, { target: { value: 'Ada' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    const option = await screen.findByRole('option', { name: /Ada Lovelace/ });
    await waitFor(() => expect(option.getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(window.location.pathname).toBe('/entities/5');
    expect(readRecent(7)).toEqual([{ type: 'ENTITY', id: 5, title: 'Ada Lovelace', path: '/entities/5' }]);
    expect(window.localStorage.getItem(recentKey(7))).toContain('Ada Lovelace');
  });

  it('maps every kind to its page', async () => {
    expect(SEARCH_SOURCES.map((s) => resultPath({ object_type: s.kind, id: 3 }))).toEqual([
      '/entities/3',
      '/instruments/3',
      '/data-explorer/transactions/3',
      '/data-explorer/action-events/3',
      '/alerts/3',
      '/cases/3',
      '/rules/3',
      '/teams/3',
    ]);
  });
});

describe('shortcuts in the shell', () => {
  it('g c goes to cases; keys typed into a field do not', async () => {
    renderPalette(<input aria-label="notes" />, ['read_cases']);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'notes' }), { key: 'g' });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'notes' }), { key: 'c' });
    expect(window.location.pathname).toBe('/');
    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(window.location.pathname).toBe('/cases');
  });

  it('keys typed right after Ctrl+K, before the input has focus, land in the input and trigger no shortcut', async () => {
    renderPalette(null, ['read_cases']);
    act(() => {
      fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
      // the palette is not mounted yet: these reach the page
      for (const key of ['g', 'c', ' ', 'x']) fireEvent.keyDown(document.body, { key });
    });
    const input = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Command palette' });
    act(() => input.focus());
    await waitFor(() => expect(input.value).toBe('gc x'));
    expect(window.location.pathname).toBe('/');
    // once closed, the page's keys are shortcuts again
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(window.location.pathname).toBe('/cases');
  });

  it('? shows the shortcut sheet and the hidden sequence shows the badge', async () => {
    renderPalette(null);
    fireEvent.keyDown(document.body, { key: '?' });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
    expect(screen.getByText('Go to cases')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    for (const key of ['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'b', 'a']) {
      fireEvent.keyDown(document.body, { key });
    }
    expect(screen.getByText('Vigilance +30')).toBeTruthy();
  });
});
