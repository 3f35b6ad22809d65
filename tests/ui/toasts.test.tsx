// @vitest-environment jsdom
import './setup-dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToast } from '../../src/app/toasts/toast-context';
import { createToastQueue, TOAST_DURATION_MS, TOAST_EXIT_MS } from '../../src/app/toasts/toast-queue';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toast queue', () => {
  it('shows the first queued message and the next only after 4000 ms plus the 300 ms exit', () => {
    const q = createToastQueue();
    q.show({ message: 'First', type: 'Success' });
    q.show({ message: 'Second', type: 'Error', position: 'Top' });
    expect(q.getSnapshot().current?.message).toBe('First');
    expect(q.getSnapshot().waiting).toBe(1);

    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(q.getSnapshot().current).toMatchObject({ message: 'First', leaving: false });
    vi.advanceTimersByTime(1);
    expect(q.getSnapshot().current).toMatchObject({ message: 'First', leaving: true });
    vi.advanceTimersByTime(TOAST_EXIT_MS - 1);
    expect(q.getSnapshot().current?.message).toBe('First');
    vi.advanceTimersByTime(1);
    expect(q.getSnapshot().current).toMatchObject({ message: 'Second', type: 'Error', position: 'Top', leaving: false });
    expect(q.getSnapshot().waiting).toBe(0);

    vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_EXIT_MS);
    expect(q.getSnapshot().current).toBeNull();
  });

  it('defaults the position to Bottom', () => {
    const q = createToastQueue();
    q.show({ message: 'Saved', type: 'Info' });
    expect(q.getSnapshot().current?.position).toBe('Bottom');
  });

  it('dismissing starts the exit at once; a waiting message can be dropped', () => {
    const q = createToastQueue();
    const a = q.show({ message: 'A', type: 'Info' });
    const b = q.show({ message: 'B', type: 'Info' });
    q.show({ message: 'C', type: 'Info' });
    q.dismiss(b);
    expect(q.getSnapshot().waiting).toBe(1);
    q.dismiss(a);
    expect(q.getSnapshot().current).toMatchObject({ message: 'A', leaving: true });
    vi.advanceTimersByTime(TOAST_EXIT_MS);
    expect(q.getSnapshot().current?.message).toBe('C');
  });

  it('holds the toast while paused and resumes the remaining time', () => {
    const q = createToastQueue();
    q.show({ message: 'Hold', type: 'Info' });
    vi.advanceTimersByTime(1000);
    q.pause();
    vi.advanceTimersByTime(60_000);
    expect(q.getSnapshot().current).toMatchObject({ message: 'Hold', leaving: false });
    q.resume();
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 1);
    expect(q.getSnapshot().current?.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(q.getSnapshot().current?.leaving).toBe(true);
  });

  it('notifies subscribers and keeps the snapshot stable between changes', () => {
    const q = createToastQueue();
    const listener = vi.fn();
    const unsubscribe = q.subscribe(listener);
    const before = q.getSnapshot();
    expect(q.getSnapshot()).toBe(before);
    q.show({ message: 'X', type: 'Info' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(q.getSnapshot()).not.toBe(before);
    unsubscribe();
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.show({ message: 'Case saved', type: 'Success', cta: { text: 'Open case', to: '/cases/1' } })}>
        success
      </button>
      <button type="button" onClick={() => toast.show({ message: 'Failed to configure agent. Please try again.', type: 'Error', position: 'Top' })}>
        error
      </button>
    </>
  );
}

describe('<ToastProvider>', () => {
  it('renders one toast at a time with its cta, then the next', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    expect(screen.getByText('Case saved')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open case' }).getAttribute('href')).toBe('/cases/1');
    expect(screen.queryByText('Failed to configure agent. Please try again.')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS);
    });
    expect(screen.getByText('Case saved').closest('[data-state]')?.getAttribute('data-state')).toBe('closed');
    act(() => {
      vi.advanceTimersByTime(TOAST_EXIT_MS);
    });
    expect(screen.queryByText('Case saved')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Failed to configure agent. Please try again.');
    expect(alert.closest('[data-position]')?.getAttribute('data-position')).toBe('Top');
  });

  it('the close button dismisses the toast', () => {
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    act(() => {
      vi.advanceTimersByTime(TOAST_EXIT_MS);
    });
    expect(screen.queryByText('Case saved')).toBeNull();
  });
});
