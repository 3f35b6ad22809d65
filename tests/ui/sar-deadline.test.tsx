// @vitest-environment jsdom
// A SAR's deadline on its page against the real server (spec part 2, "Deadline": for SARs, editable
// while not archived and not submitted): the manager (edit_sars and edit_deadlines) moves a draft
// SAR's deadline with the Edit Deadline modal, reads "Deadline extended by {x}" and the new deadline;
// a submitted or archived SAR, or an agent without edit_deadlines, sees it read-only.
import './setup-dom';
import './fetch-stub';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useSarFilingQuery } from '../../src/api/filings/queries';
import { canEditSarDeadline, SarDeadline } from '../../src/areas/filings/sar/SarDeadline';
import type { CurrentAgent } from '../../src/lib/permissions';
import { longTime, agentTimeZone } from '../../src/lib/time';
import { toInputValue } from '../../src/lib/deadline';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
let server: WorkServer;
let manager: CurrentAgent;
const DEADLINE = '2027-02-01T15:00:00.000Z';

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  server.calls.length = 0;
});

/** A Demo Bank SAR the manager can see, in the given state, its deadline set to DEADLINE. */
async function sarWhere(condition: string): Promise<number> {
  const [row] = await server.sql<{ id: number }>(
    `select s.id from sars s left join queues q on q.id = s.queue_id where s.org_id = 1 and (q.id is null or q.access_type is distinct from 'restricted') and ${condition} order by s.id limit 1`,
  );
  expect(row).toBeTruthy();
  await server.sql(`update sars set deadline = '${DEADLINE}', start_date = null where id = ${row.id}`);
  return row.id;
}

function SarHeader({ id }: { id: number }) {
  const query = useSarFilingQuery(id);
  if (!query.data) return <p>Loading</p>;
  return (
    <dl aria-label="Filing">
      <SarDeadline filing={query.data} />
    </dl>
  );
}

describe('a SAR’s deadline', () => {
  it('the manager moves a draft SAR’s deadline: the difference is sent, the change said and the new deadline shown', async () => {
    const id = await sarWhere(`s.status <> 'ARCHIVED' and not s.submitted`);
    renderWork(<SarHeader id={id} />, manager);
    await waitFor(() => expect(screen.getByText(longTime(DEADLINE))).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Edit Deadline' }));
    const input = await screen.findByLabelText<HTMLInputElement>('Deadline', { selector: 'input' });
    expect(input.value).toBe(toInputValue(DEADLINE, agentTimeZone()));
    const later = '2027-02-03T15:00:00.000Z';
    fireEvent.change(input, { target: { value: toInputValue(later, agentTimeZone()) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Deadline extended by 2 days')).toBeTruthy());
    const call = server.calls.find((c) => c.path === '/api/deadlines/edit');
    expect(call).toMatchObject({ status: 200, body: { article_id: id, object_type: 'SAR', duration: 2 * 86_400 } });
    // the SAR is read again: its page shows the deadline the server keeps
    await waitFor(() => expect(screen.getByText(longTime(later))).toBeTruthy());
    const [stored] = await server.sql<{ deadline: string }>(
      `select to_char(deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as deadline from sars where id = ${id}`,
    );
    expect(stored.deadline).toBe('2027-02-03T15:00');
  });

  it('is read-only once the SAR is submitted or archived', async () => {
    for (const condition of [`s.submitted and s.status <> 'ARCHIVED'`, `s.status = 'ARCHIVED'`]) {
      const id = await sarWhere(condition);
      renderWork(<SarHeader id={id} />, manager);
      await waitFor(() => expect(screen.getByText(longTime(DEADLINE))).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'Edit Deadline' })).toBeNull();
      cleanup();
    }
  });

  it('is read-only for an agent who may not edit deadlines or SARs', async () => {
    const id = await sarWhere(`s.status <> 'ARCHIVED' and not s.submitted`);
    const without = (name: string): CurrentAgent => ({ ...manager, permissions: manager.permissions.filter((p) => p !== name && p !== 'root_all') });
    renderWork(<SarHeader id={id} />, without('edit_deadlines'));
    await waitFor(() => expect(screen.getByText(longTime(DEADLINE))).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Edit Deadline' })).toBeNull();
    expect(canEditSarDeadline(without('edit_sars'), { status: 'PREFILING_VALIDATION_SUCCESS', submitted: false })).toBe(false);
    expect(canEditSarDeadline(manager, { status: 'READY_FOR_REVIEW', submitted: false })).toBe(true);
  });
});
