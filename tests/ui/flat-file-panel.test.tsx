// @vitest-environment jsdom
// The flat-file list's chips and the Processing Errors panel against the real server (issue 9,
// acceptance 4 and 5). The files, their runs and their errors are written straight into the test
// server's database (no job runs there), so each chip colour and each error group is known.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/lib/permissions';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import FlatFileErrorsPanel from '../../src/areas/data-management/flat-files/panel/FlatFileErrorsPanel';
import { FlatFilesPage } from '../../src/areas/data-management/flat-files/FlatFilesPage';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let manager: CurrentAgent;
const stamp = Date.now().toString(36);

/** A file with one run: its counts and `errors` of [type, group, row] */
async function fileWithRun(name: string, status: string, dry: boolean, counts: [number, number], errors: Array<[string, string, number | null]> = []) {
  const [file] = await server.sql<{ id: number }>(
    `insert into flat_files (org_id, stream, file_name, status, is_dry_run, object_type, time_zone, byte_size) values (1, 'ui_${stamp}', '${name}', '${status}', ${dry}, 'transactions', 'UTC', 120) returning id`,
  );
  if (status === 'PENDING_UPLOAD') return file.id;
  const [success, failure] = counts;
  const [run] = await server.sql<{ id: number }>(
    `insert into flat_file_executions (org_id, file_id, status, finished_at, success_count, failure_count, total_count, is_dry_run) values (1, ${file.id}, '${status}', now(), ${success}, ${failure}, ${success + failure}, ${dry}) returning id`,
  );
  for (const [type, group, row] of errors) {
    await server.sql(
      `insert into flat_file_errors (org_id, execution_id, error_group, row_number, value, raw_data, type, columns, annotation, transformation) values (1, ${run.id}, '${group}', ${row ?? 'null'}, 'v${row}', '{"amount": "v${row}"}'::jsonb, '${type}', '{amount}', 'note ${row}', 'to number')`,
    );
  }
  return file.id;
}

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => cleanup());
afterAll(() => server.close());

describe('the file list', () => {
  it('shows each status with the chip text and colour of the spec', async () => {
    await fileWithRun(`pending-${stamp}.csv`, 'PENDING_UPLOAD', false, [0, 0]);
    await fileWithRun(`clean-${stamp}.csv`, 'FINISHED', false, [4, 0]);
    await fileWithRun(`mixed-${stamp}.csv`, 'FINISHED', true, [3, 1]);
    await fileWithRun(`bad-${stamp}.csv`, 'FINISHED', false, [0, 4]);
    await fileWithRun(`broken-${stamp}.csv`, 'FAILED', false, [0, 0]);
    renderWork(
      <PanelProvider>
        <FlatFilesPage />
      </PanelProvider>,
      manager,
    );
    const table = await screen.findByRole('table', { name: 'Files' });
    const chipOf = (name: string) => {
      const row = within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(name));
      if (!row) throw new Error(`no row for ${name}`);
      return row.querySelector('[data-tone]')!;
    };
    const expectChip = (name: string, text: string, tone: string, ghost = false) => {
      const chip = chipOf(name);
      expect(chip.textContent).toBe(text);
      expect(chip.getAttribute('data-tone')).toBe(tone);
      expect(chip.hasAttribute('data-ghost')).toBe(ghost);
    };
    expectChip(`pending-${stamp}.csv`, 'Pending upload', 'default');
    expectChip(`clean-${stamp}.csv`, 'finished 4 / 4 rows', 'success');
    expectChip(`mixed-${stamp}.csv`, 'validated 3 / 4 rows', 'warning');
    expectChip(`bad-${stamp}.csv`, 'finished 0 / 4 rows', 'error', true);
    expectChip(`broken-${stamp}.csv`, 'failed', 'error');
  });
});

describe('the Processing Errors panel', () => {
  it('groups the errors by type with their details and shows at most 10 unknown errors', async () => {
    const unknown = Array.from({ length: 12 }, (_, i) => ['unknown_error', 'unhandled_exceptions', 20 + i] as [string, string, number]);
    const id = await fileWithRun(
      `errors-${stamp}.csv`,
      'FINISHED',
      false,
      [5, 14],
      [['transformation_error', 'annotation_transformation_exceptions', 3], ['mapping_error', 'annotation_transformation_exceptions', 4], ...unknown],
    );
    renderWork(<FlatFileErrorsPanel view="view-errors" id={String(id)} label="Processing Errors" close={() => {}} />, manager);
    await screen.findByText(`errors-${stamp}.csv`);
    expect(screen.getByText(`ui_${stamp}`)).toBeTruthy();
    const transformation = await screen.findByRole('list', { name: 'Transformation errors' });
    for (const text of ['3', 'v3', 'amount', 'note 3', 'to number']) expect(within(transformation).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(transformation).getByText(/"amount": "v3"/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Mapping errors' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Unknown errors' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Showing the first 10 of 12. Download JSON has them all.')).toBeTruthy();
  });

  it('asks for consent before debugging, Cancel debugs nothing, and consenting shows the debugger key', async () => {
    const id = await fileWithRun(`debug-${stamp}.csv`, 'FINISHED', false, [1, 0]);
    renderWork(<FlatFileErrorsPanel view="view-errors" id={String(id)} label="Processing Errors" close={() => {}} />, manager);
    fireEvent.click(await screen.findByRole('button', { name: 'Debug File' }));
    const consent = await screen.findByRole('alertdialog', { name: 'Debug File' });
    expect(within(consent).getByText(/Do you consent\?/)).toBeTruthy();
    fireEvent.click(within(consent).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.some((c) => c.path.includes('/debug/'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Debug File' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Debug File' })).getByRole('button', { name: /I consent, debug/ }));
    expect((await screen.findByText(new RegExp(`^ddo-${id}-`))).tagName).toBe('CODE');
    expect(server.calls.filter((c) => c.path.endsWith(`/debug/${id}`)).map((c) => c.status)).toEqual([200]);
  });
});
