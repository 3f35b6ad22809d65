// @vitest-environment jsdom
// The Edit Deadline modal against the real server (spec part 2, sections 4, 5, 8): required,
// after the start date, not sent when unchanged, "Deadline extended by {x}" / "Deadline shortened
// by {x}", and a failed save keeps what was typed.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toInputValue } from '../../src/lib/deadline';
import { longTime } from '../../src/lib/time';
import { DeadlineModal } from '../../src/features/work/DeadlineModal';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

const ZONE = 'UTC';
let server: WorkServer;

interface AlertRow {
  id: number;
  status: string;
  deadline: string | null;
  start_date: string | null;
}

/** An OPEN alert of Demo Bank with a deadline and a start date, as the server answers it now. */
async function openAlert(): Promise<AlertRow> {
  const ids = Array.from({ length: 100 }, (_, i) => i + 1);
  const answer = await server.api('POST', '/api/investigations/retrieve/alert', { object_type: 'ALERT', object_ids: ids });
  expect(answer.status).toBe(200);
  const found = (answer.json.results as AlertRow[]).find((a) => a.status === 'OPEN' && a.deadline && a.start_date);
  expect(found).toBeTruthy();
  return found!;
}

async function alertNow(id: number): Promise<AlertRow> {
  const answer = await server.api('POST', '/api/investigations/retrieve/alert', { object_type: 'ALERT', object_ids: [id] });
  return answer.json.results[0];
}

function Harness({ alert }: { alert: AlertRow }) {
  const [open, setOpen] = useState(true);
  const [note, setNote] = useState('');
  return (
    <>
      <p data-testid="note">{note}</p>
      <p data-testid="open">{String(open)}</p>
      <DeadlineModal
        open={open}
        onOpenChange={setOpen}
        objectType="ALERT"
        objectId={alert.id}
        deadline={alert.deadline}
        startDate={alert.start_date}
        onChanged={setNote}
        timeZone={ZONE}
      />
    </>
  );
}

const deadlineInput = () => screen.getByLabelText<HTMLInputElement>('Deadline');
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const deadlineCalls = () => server.calls.filter((c) => c.path === '/api/deadlines/edit');
const plusHours = (value: string, hours: number) => toInputValue(new Date(Date.parse(`${value}:00Z`) + hours * 3_600_000).toISOString(), ZONE);

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
}, 120_000);
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  server.calls.length = 0;
  await server.signInAs('manager@demo.test');
});

describe('Edit Deadline', () => {
  it('requires a value and sends nothing without one', async () => {
    const alert = await openAlert();
    renderWork(<Harness alert={alert} />);
    expect(screen.getByRole('heading', { name: 'Edit Deadline' })).toBeTruthy();
    expect(deadlineInput().value).toBe(toInputValue(alert.deadline, ZONE));
    fireEvent.change(deadlineInput(), { target: { value: '' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe('Required');
    expect(deadlineInput().getAttribute('aria-invalid')).toBe('true');
    expect(deadlineCalls()).toHaveLength(0);
  });

  it('refuses a deadline not after the start date, naming the start date', async () => {
    const alert = await openAlert();
    renderWork(<Harness alert={alert} />);
    fireEvent.change(deadlineInput(), { target: { value: plusHours(toInputValue(alert.start_date, ZONE), -1) } });
    save();
    const message = (await screen.findByRole('alert')).textContent ?? '';
    expect(message).toMatch(/^Deadline must be after start date /);
    // The long format ("Oct 26, 2026, 5:51 AM"), in the modal's zone.
    expect(message).toMatch(/^Deadline must be after start date [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);
    expect(message).toBe(`Deadline must be after start date ${longTime(alert.start_date, { timeZone: ZONE })}`);
    expect(deadlineCalls()).toHaveLength(0);
  });

  it('does not send an unchanged deadline', async () => {
    const alert = await openAlert();
    renderWork(<Harness alert={alert} />);
    save();
    await waitFor(() => expect(screen.getByTestId('open').textContent).toBe('false'));
    expect(deadlineCalls()).toHaveLength(0);
    expect((await alertNow(alert.id)).deadline).toBe(alert.deadline);
  });

  it('extends by two days: sends the difference in seconds and says "Deadline extended by 2 days"', async () => {
    const alert = await openAlert();
    renderWork(<Harness alert={alert} />);
    fireEvent.change(deadlineInput(), { target: { value: plusHours(deadlineInput().value, 48) } });
    save();
    expect(await screen.findByText('Deadline updated')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('note').textContent).toBe('Deadline extended by 2 days'));
    const [call] = deadlineCalls();
    expect(call.status).toBe(200);
    expect(call.body).toMatchObject({ article_id: alert.id, object_type: 'ALERT' });
    // The input holds minutes: the duration is exact from the current deadline to the new minute.
    const duration = (call.body as { duration: number }).duration;
    expect(Math.abs(duration - 172_800)).toBeLessThan(60);
    expect(Date.parse((await alertNow(alert.id)).deadline!) - Date.parse(alert.deadline!)).toBe(duration * 1000);
  });

  it('shortens by three hours and says "Deadline shortened by 3 hours"', async () => {
    const alert = await openAlert();
    renderWork(<Harness alert={alert} />);
    fireEvent.change(deadlineInput(), { target: { value: plusHours(deadlineInput().value, -3) } });
    save();
    await waitFor(() => expect(screen.getByTestId('note').textContent).toBe('Deadline shortened by 3 hours'));
    expect(deadlineCalls()).toHaveLength(1);
  });

  it('keeps what was typed when the save fails (the Agent preset may not edit deadlines)', async () => {
    const alert = await openAlert();
    await server.signInAs('analyst@demo.test');
    renderWork(<Harness alert={alert} />);
    const typed = plusHours(deadlineInput().value, 24);
    fireEvent.change(deadlineInput(), { target: { value: typed } });
    save();
    expect(await screen.findByText('Failed to change deadline. Please try again')).toBeTruthy();
    expect(deadlineCalls()[0].status).toBe(403);
    expect(screen.getByTestId('open').textContent).toBe('true');
    expect(deadlineInput().value).toBe(typed);
    expect(screen.getByTestId('note').textContent).toBe('');
  });
});
