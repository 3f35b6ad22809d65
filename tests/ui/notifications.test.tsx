// @vitest-environment jsdom
import './setup-dom';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '../../src/api/notifications/keys';
import type { Notification } from '../../src/api/notifications/queries';
import { notificationTarget } from '../../src/areas/notifications/notification-target';
import { NotificationsTable } from '../../src/areas/notifications/NotificationsTable';

afterEach(cleanup);

const rows: Notification[] = [
  { id: 1, content: 'Alert 7 was assigned to you', created_at: '2026-11-20T10:00:00Z', status: 'unread', entity_type: 'ALERT', entity_id: 7 },
  { id: 2, content: 'Your export is ready', created_at: '2026-11-19T10:00:00Z', status: 'read', entity_type: 'FILE_EXPORT', entity_id: 3 },
];

describe('notifications table', () => {
  it('has the viewed dot, Title, Time and Mark as read columns', () => {
    render(<NotificationsTable notifications={rows} onOpen={() => {}} onMarkRead={() => {}} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Viewed', 'Title', 'Time', 'Mark as read']);
  });

  it('opens a notification on row click, and the mark-as-read button does not open it', () => {
    const onOpen = vi.fn();
    const onMarkRead = vi.fn();
    render(<NotificationsTable notifications={rows} onOpen={onOpen} onMarkRead={onMarkRead} />);
    const unreadRow = screen.getAllByRole('row')[1];
    fireEvent.click(within(unreadRow).getByText(/Unread/));
    expect(onOpen).toHaveBeenCalledWith(rows[0]);

    onOpen.mockClear();
    fireEvent.click(within(unreadRow).getByRole('button', { name: 'Mark as read: Alert 7 was assigned to you' }));
    expect(onMarkRead).toHaveBeenCalledWith(rows[0]);
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('disables the row button once read', () => {
    render(<NotificationsTable notifications={rows} onOpen={() => {}} onMarkRead={() => {}} />);
    expect(screen.getByRole('button', { name: 'Mark as read: Alert 7 was assigned to you' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Mark as read: Your export is ready' })).toHaveProperty('disabled', true);
  });

  it('disables the button of the notification being marked', () => {
    render(<NotificationsTable notifications={rows} onOpen={() => {}} onMarkRead={() => {}} markingId={1} />);
    expect(screen.getByRole('button', { name: 'Mark as read: Alert 7 was assigned to you' })).toHaveProperty('disabled', true);
  });
});

describe('notification targets', () => {
  it.each([
    ['PROFILE', 4, '/agents/4'],
    ['CASE', 5, '/cases/5'],
    ['ALERT', 6, '/alerts/6'],
    ['ALERT', null, '/alerts'],
    ['ALERT_QUEUE', 8, '/queues?queue=8'],
    ['RULE', 9, '/rules/9'],
    ['SAR', 10, '/filings/sar/10'],
    ['FILE_EXPORT', 11, '/reporting/file-exports'],
    ['FFIP_NOTIFICATION', 12, '/notifications'],
    ['CASE', null, '/notifications'],
    ['ENTITY', 13, '/entities/13'],
    ['INSTRUMENT', 14, '/instruments/14'],
  ] as const)('%s %s goes to %s', (entity_type, entity_id, path) => {
    expect(notificationTarget({ entity_type, entity_id })).toBe(path);
  });

  it('keys every list under one prefix, so marking read invalidates the screen and the popover only', () => {
    const screenKey = notificationKeys.list({ limit: 10, offset: 0, unreadOnly: false });
    const popoverKey = notificationKeys.list({ limit: 6, offset: 0, unreadOnly: false });
    expect(screenKey.slice(0, 2)).toEqual(notificationKeys.lists());
    expect(popoverKey.slice(0, 2)).toEqual(notificationKeys.lists());
  });
});
