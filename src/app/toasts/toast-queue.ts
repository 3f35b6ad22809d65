// The toast queue (spec part 1, section 4 "Toasts"; section 9: 4000 ms / 300 ms). Framework-free so
// its timing is unit-tested with fake timers; ToastProvider subscribes to it.

export type ToastType = 'Error' | 'Success' | 'Info';
export type ToastPosition = 'Top' | 'Bottom';

export interface ToastMessage {
  message: string;
  type: ToastType;
  position?: ToastPosition;
  cta?: { text: string; to: string };
}

export interface Toast extends ToastMessage {
  id: number;
  position: ToastPosition;
  /** The 300 ms exit animation is running; the toast goes away when it ends. */
  leaving: boolean;
}

export interface ToastSnapshot {
  /** The toast on screen: always the first queued message. */
  current: Toast | null;
  /** Messages waiting behind it. */
  waiting: number;
}

export const TOAST_DURATION_MS = 4000;
export const TOAST_EXIT_MS = 300;
/** Not in the spec: where a toast shows when the caller does not say. */
export const DEFAULT_TOAST_POSITION: ToastPosition = 'Bottom';

export interface ToastQueue {
  show: (message: ToastMessage) => number;
  /** Starts the exit of the toast on screen (or drops a waiting one). */
  dismiss: (id: number) => void;
  /** Hover or focus holds the toast on screen; leaving resumes the remaining time. */
  pause: () => void;
  resume: () => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ToastSnapshot;
}

export function createToastQueue(options: { durationMs?: number; exitMs?: number } = {}): ToastQueue {
  const durationMs = options.durationMs ?? TOAST_DURATION_MS;
  const exitMs = options.exitMs ?? TOAST_EXIT_MS;
  const listeners = new Set<() => void>();
  let queue: Toast[] = [];
  let nextId = 1;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Visible-time bookkeeping for pause/resume.
  let remainingMs = durationMs;
  let shownAt = 0;
  let paused = false;
  let snapshot: ToastSnapshot = { current: null, waiting: 0 };

  function emit() {
    snapshot = { current: queue[0] ?? null, waiting: Math.max(0, queue.length - 1) };
    listeners.forEach((l) => l());
  }

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function startVisible() {
    clearTimer();
    const head = queue[0];
    if (!head) return;
    remainingMs = durationMs;
    paused = false;
    scheduleLeave();
  }

  function scheduleLeave() {
    shownAt = Date.now();
    timer = setTimeout(() => beginExit(), remainingMs);
  }

  function beginExit() {
    clearTimer();
    const head = queue[0];
    if (!head || head.leaving) return;
    queue = [{ ...head, leaving: true }, ...queue.slice(1)];
    emit();
    timer = setTimeout(() => {
      timer = null;
      queue = queue.slice(1);
      emit();
      startVisible();
    }, exitMs);
  }

  return {
    show(message) {
      const toast: Toast = { ...message, position: message.position ?? DEFAULT_TOAST_POSITION, id: nextId++, leaving: false };
      queue = [...queue, toast];
      emit();
      if (queue.length === 1) startVisible();
      return toast.id;
    },
    dismiss(id) {
      if (queue[0]?.id === id) {
        beginExit();
        return;
      }
      const before = queue.length;
      queue = queue.filter((t) => t.id !== id);
      if (queue.length !== before) emit();
    },
    pause() {
      const head = queue[0];
      if (!head || head.leaving || paused) return;
      paused = true;
      clearTimer();
      remainingMs = Math.max(0, remainingMs - (Date.now() - shownAt));
    },
    resume() {
      const head = queue[0];
      if (!head || head.leaving || !paused) return;
      paused = false;
      scheduleLeave();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
