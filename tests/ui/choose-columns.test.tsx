// @vitest-environment jsdom
// The Choose Columns modal over the case list's columns, against the real server (spec part 2,
// sections 2, 4 and 8): visibility toggles, search by label or description, Save sends only a
// changed layout and the list follows it, Reset to Default, and a failed save keeps the dialog open
// with what was arranged.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../src/api/access-token';
import { CASE_COLUMNS, CASE_EXTRA_COLUMNS } from '../../src/areas/cases/list/case-columns';
import { transactionColumns } from '../../src/areas/data-explorer/list/explorer-columns';
import { ChooseColumnsButton, columnKey, useColumnLayout, type ColumnDefinition } from '../../src/features/columns';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

// jsdom has no CSS.escape; Ark's focus trap calls it when the dialog's content changes.
const css = (globalThis as { CSS?: { escape?: (s: string) => string } }).CSS;
if (!css?.escape) (globalThis as { CSS?: object }).CSS = { ...css, escape: (value: string) => value.replace(/[^\w-]/g, (ch) => `\\${ch}`) };

let server: WorkServer;
const LAYOUT = '/api/column-layouts/cases';
const TXN_LAYOUT = '/api/column-layouts/transactions';

function Harness() {
  const layout = useColumnLayout('cases', CASE_COLUMNS, { extra: CASE_EXTRA_COLUMNS });
  return (
    <>
      <ChooseColumnsButton layout={layout} commandGroup="Cases" />
      <ol aria-label="Shown columns">
        {layout.columns.map((c) => (
          <li key={columnKey(c)}>{columnKey(c)}</li>
        ))}
      </ol>
    </>
  );
}

// The list behind the modal is hidden from assistive technology while the dialog is open.
const TXN_COLUMNS = transactionColumns();
const customTxnColumn = (c: ColumnDefinition) => transactionColumns([{ ...c, hidden: false }])[0];

/** The transactions list's columns: with custom fields (its rows carry them) or without. */
function TransactionsHarness({ withCustom }: { withCustom: boolean }) {
  const layout = useColumnLayout('transactions', TXN_COLUMNS, withCustom ? { custom: customTxnColumn } : {});
  return (
    <>
      <ChooseColumnsButton layout={layout} commandGroup="Data explorer" />
      <ol aria-label="Shown columns">
        {layout.columns.map((c) => (
          <li key={columnKey(c)}>{columnKey(c)}</li>
        ))}
      </ol>
    </>
  );
}

const shownColumns = () =>
  within(screen.getByRole('list', { name: 'Shown columns', hidden: true }))
    .queryAllByRole('listitem', { hidden: true })
    .map((li) => li.textContent);
const dialog = () => screen.getByRole('dialog', { name: 'Choose Columns' });
const checkbox = (label: string) => within(dialog()).getByRole<HTMLInputElement>('checkbox', { name: label });
const layoutCalls = (method: string) => server.calls.filter((c) => c.path === LAYOUT && c.method === method);

async function openDialog(ui = <Harness />) {
  renderWork(ui);
  const open = await screen.findByRole('button', { name: 'Choose columns' });
  await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(open);
  // the dialog's code loads on first use: the first test pays for the import, seconds on a busy machine
  return screen.findByRole('dialog', { name: 'Choose Columns' }, { timeout: 10_000 });
}

async function savedLayout() {
  const answer = await server.api('GET', LAYOUT);
  expect(answer.status).toBe(200);
  return answer.json as { is_default: boolean; columns: Array<{ key: string; hidden: boolean }> };
}

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
}, 120_000);
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  await server.signInAs('manager@demo.test');
  await server.api('DELETE', LAYOUT);
  await server.api('DELETE', TXN_LAYOUT);
  server.calls.length = 0;
});

describe('Choose Columns', () => {
  it("lists the table's columns in order with their visibility, and the list shows the visible ones", async () => {
    await openDialog();
    const boxes = within(within(dialog()).getByRole('list', { name: 'Columns' })).getAllByRole<HTMLInputElement>('checkbox');
    const defaults = (await savedLayout()).columns;
    expect(boxes.map((b) => b.checked)).toEqual(defaults.map((c) => !c.hidden));
    expect(checkbox('Disposition').checked).toBe(false);
    expect(checkbox('Disposition').getAttribute('aria-describedby')).toBeTruthy();
    expect(shownColumns()).toEqual(defaults.filter((c) => !c.hidden).map((c) => c.key));
    expect(within(dialog()).getByText(`${defaults.filter((c) => !c.hidden).length} of ${defaults.length} shown`)).toBeTruthy();
  });

  it('toggles a column on and saves: the layout persists and the list shows it', async () => {
    await openDialog();
    fireEvent.click(checkbox('Disposition'));
    fireEvent.click(checkbox('SARs'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [put] = layoutCalls('PUT');
    expect(put.status).toBe(200);
    const saved = await savedLayout();
    expect(saved.is_default).toBe(false);
    expect(saved.columns.find((c) => c.key === 'disposition')!.hidden).toBe(false);
    expect(saved.columns.find((c) => c.key === 'sar_count')!.hidden).toBe(true);
    expect(shownColumns()).toContain('disposition');
    expect(shownColumns()).not.toContain('sar_count');
  });

  it('searches by label or description, case-insensitively, and turns reordering off while filtered', async () => {
    await openDialog();
    const search = within(dialog()).getByRole('searchbox', { name: 'Search columns' });
    fireEvent.change(search, { target: { value: 'DECIDED' } });
    const list = within(dialog()).getByRole('list', { name: 'Columns' });
    expect(within(list).getAllByRole('checkbox')).toEqual([checkbox('Disposition')]);
    expect(within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Move Disposition' }).disabled).toBe(true);
    expect(within(dialog()).getByText('Clear the search to reorder columns.')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'queue' } });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'nothing like this' } });
    expect(within(list).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(dialog()).getByText('No columns match your search.')).toBeTruthy();
    // A toggle made while filtered is kept when the search is cleared.
    fireEvent.change(search, { target: { value: 'decided' } });
    fireEvent.click(checkbox('Disposition'));
    fireEvent.change(search, { target: { value: '' } });
    expect(checkbox('Disposition').checked).toBe(true);
    expect(within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Move Disposition' }).disabled).toBe(false);
  });

  it('Save without a change sends nothing and closes; a change undone sends nothing either', async () => {
    await openDialog();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Choose columns' }));
    await screen.findByRole('dialog', { name: 'Choose Columns' });
    fireEvent.click(checkbox('Title'));
    fireEvent.click(checkbox('Title'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(layoutCalls('PUT')).toHaveLength(0);
    expect((await savedLayout()).is_default).toBe(true);
  });

  it('does not save a layout with nothing shown', async () => {
    await openDialog();
    const boxes = within(within(dialog()).getByRole('list', { name: 'Columns' })).getAllByRole<HTMLInputElement>('checkbox');
    for (const box of boxes) if (box.checked) fireEvent.click(box);
    expect(within(dialog()).getByText('Show at least one column.')).toBeTruthy();
    expect(within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('Reset to Default drops the saved layout and the list shows the default again', async () => {
    const current = (await savedLayout()).columns;
    const put = await server.api('PUT', LAYOUT, { columns: current.map((c) => ({ ...c, hidden: c.key === 'title' ? true : c.hidden })) });
    expect(put.status).toBe(200);
    await openDialog();
    expect(shownColumns()).not.toContain('title');
    expect(checkbox('Title').checked).toBe(false);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Reset to Default' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(layoutCalls('DELETE')).toHaveLength(1);
    expect((await savedLayout()).is_default).toBe(true);
    expect(shownColumns()).toContain('title');
  });

  it('keeps the dialog open with what was arranged when the save fails, and saves it on a retry', async () => {
    await openDialog();
    fireEvent.click(checkbox('Status'));
    fireEvent.click(checkbox('Disposition'));
    // The session ends while the dialog is open: the server refuses the save.
    setAccessToken('no-longer-valid');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Your columns were not saved. Try again.')).toBeTruthy();
    expect(layoutCalls('PUT')[0].status).toBe(401);
    expect(checkbox('Status').checked).toBe(false);
    expect(checkbox('Disposition').checked).toBe(true);
    expect(shownColumns()).toContain('status');
    // No toast: the error is handled in the dialog.
    expect(screen.queryByRole('alert')).toBeNull();

    await server.signInAs('manager@demo.test');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(shownColumns()).not.toContain('status');
    expect(shownColumns()).toContain('disposition');
    expect((await savedLayout()).columns.find((c) => c.key === 'status')!.hidden).toBe(true);
  });

  it('offers custom fields where the list renders them, and keeps them as they were where it does not', async () => {
    await openDialog(<TransactionsHarness withCustom />);
    const memo = checkbox('Memo');
    expect(memo.checked).toBe(false);
    expect(document.getElementById(memo.getAttribute('aria-describedby')!)!.textContent).toMatch(/^Custom field/);
    fireEvent.click(memo);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const saved = (await server.api('GET', TXN_LAYOUT)).json as { columns: Array<{ key: string; data_setting_id: number | null; hidden: boolean }> };
    const memoColumn = saved.columns.find((c) => c.key === 'transaction.memo')!;
    expect(memoColumn.hidden).toBe(false);
    expect(shownColumns()).toContain(`setting:${memoColumn.data_setting_id}`);
    cleanup();

    // A list that cannot show custom fields does not offer them, and its save leaves Memo shown.
    await openDialog(<TransactionsHarness withCustom={false} />);
    expect(within(dialog()).queryByRole('checkbox', { name: 'Memo' })).toBeNull();
    fireEvent.click(checkbox('Currency'));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const after = (await server.api('GET', TXN_LAYOUT)).json as { columns: Array<{ key: string; hidden: boolean }> };
    expect(after.columns.find((c) => c.key === 'transaction.memo')!.hidden).toBe(false);
    expect(after.columns.find((c) => c.key === 'currency')!.hidden).toBe(true);
  });
});
