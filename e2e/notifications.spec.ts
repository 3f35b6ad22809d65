import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// Notifications (spec part 1, section 2 "Notifications screen", section 4 "Notification").

test('clicking an unread notification opens its entity and marks it read', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(/\d+ unread/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', /\/agents\/\d+\?tab=notifications$/);

  const title = 'New alerts are waiting in your queues.';
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveAttribute('data-status', 'unread');
  await expect(row.getByRole('button', { name: `Mark as read: ${title}` })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);

  await row
    .getByRole('cell', { name: /ago|\d/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/alerts$/);

  await page.goto('/notifications');
  await expect(row).toHaveAttribute('data-status', 'read');
  await expect(row.getByRole('button', { name: `Mark as read: ${title}` })).toBeDisabled();
});

test('the top-bar popover lists the latest notifications with an unread badge', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/alerts');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByRole('listitem')).toHaveCount(6);
  await popover.getByRole('link', { name: 'See all notifications' }).click();
  await expect(page).toHaveURL(/\/notifications$/);
});

test('the notifications page offers its own actions in the command palette', async ({ page }) => {
  await signIn(page, 'restricted@demo.test');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByText(/^[1-9]\d* unread$/)).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });

  await page.keyboard.press('Control+K');
  await page.keyboard.type('only show unread');
  await palette.getByRole('option', { name: 'Only show unread notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Only show unread notifications' })).toBeChecked();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('mark all');
  await palette.getByRole('option', { name: 'Mark all notifications as read' }).click();
  await expect(page.getByText('0 unread')).toBeVisible();
  await expect(page.getByText('No unread notifications.')).toBeVisible();

  // With nothing unread, the palette no longer offers to mark all read.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('mark all');
  await expect(palette.getByRole('option', { name: 'Mark all notifications as read' })).toHaveCount(0);
});
