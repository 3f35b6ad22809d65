// Keyboard shortcuts (DESIGN.md "Keyboard first"). Pure: the palette provider feeds it key names and
// times, so the sequence rules are unit-tested without a DOM.

/** Two-key "go to" sequences: press g, then the letter, within SEQUENCE_TIMEOUT_MS. */
export const GO_SHORTCUTS = [
  { keys: 'g a', path: '/alerts', title: 'Go to alerts' },
  { keys: 'g c', path: '/cases', title: 'Go to cases' },
  { keys: 'g d', path: '/data-explorer', title: 'Go to data explorer' },
  { keys: 'g n', path: '/notifications', title: 'Go to notifications' },
  { keys: 'g r', path: '/risk-ratings', title: 'Go to risk ratings' },
  { keys: 'g h', path: '/', title: 'Go home' },
] as const;

export type GoShortcut = (typeof GO_SHORTCUTS)[number];

/** Shown on the shortcut sheet beside the go-to sequences. */
export const OTHER_SHORTCUTS = [
  { keys: 'Ctrl K', title: 'Open the command palette (⌘ K on a Mac)' },
  { keys: '?', title: 'Show keyboard shortcuts' },
  { keys: 'j / k', title: 'Move down / up in lists' },
  { keys: 'Enter', title: 'Open the selected item' },
  { keys: 'x', title: 'Select or unselect the active row for bulk actions' },
  { keys: 'Esc', title: 'Close the palette, dialog or panel' },
] as const;

export const SEQUENCE_TIMEOUT_MS = 1000;

/** The hidden sequence of spec part 1, section 1 (KeyboardEvent.key values). */
export const HIDDEN_SEQUENCE = ['ArrowUp', 'ArrowUp', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'ArrowLeft', 'ArrowRight', 'b', 'a'] as const;

export interface ShortcutState {
  /** The pending first key of a sequence ("g") and when it was pressed. */
  pending: { key: string; at: number } | null;
  /** How many keys of the hidden sequence have been matched so far. */
  hidden: number;
}

export const INITIAL_SHORTCUT_STATE: ShortcutState = { pending: null, hidden: 0 };

export type ShortcutAction = { type: 'go'; shortcut: GoShortcut } | { type: 'sheet' } | { type: 'hidden' } | null;

export interface KeyInput {
  key: string;
  /** Milliseconds; any monotonic clock. */
  at: number;
  /** Ctrl, Meta or Alt held: such chords are never sequence keys. */
  modified?: boolean;
  /** Focus is in a text field: letters are text, not shortcuts. */
  typing?: boolean;
}

function normalise(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

function advanceHidden(matched: number, key: string): number {
  // The longest tail of (keys matched so far + this key) that begins the sequence, so a stray extra
  // key ("up, up, up, down, ...") does not make the agent start over.
  const typed = [...HIDDEN_SEQUENCE.slice(0, matched), key];
  for (let start = 0; start < typed.length; start += 1) {
    const tail = typed.slice(start);
    if (tail.every((k, i) => HIDDEN_SEQUENCE[i] === k)) return tail.length;
  }
  return 0;
}

/** One key press: the next state and what, if anything, to do. */
export function nextShortcut(state: ShortcutState, input: KeyInput): { state: ShortcutState; action: ShortcutAction } {
  if (input.typing || input.modified) return { state: INITIAL_SHORTCUT_STATE, action: null };
  const key = normalise(input.key);

  const hidden = advanceHidden(state.hidden, key);
  if (hidden === HIDDEN_SEQUENCE.length) return { state: INITIAL_SHORTCUT_STATE, action: { type: 'hidden' } };

  const pending = state.pending && input.at - state.pending.at <= SEQUENCE_TIMEOUT_MS ? state.pending : null;
  if (pending) {
    const shortcut = GO_SHORTCUTS.find((s) => s.keys === `${pending.key} ${key}`);
    if (shortcut) return { state: { pending: null, hidden }, action: { type: 'go', shortcut } };
  }
  if (input.key === '?') return { state: { pending: null, hidden }, action: { type: 'sheet' } };
  if (key === 'g') return { state: { pending: { key, at: input.at }, hidden }, action: null };
  return { state: { pending: null, hidden }, action: null };
}

/** Text fields, selects and contenteditable regions take keys as text. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.closest('[contenteditable="true"]')) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(type);
}

/** Ctrl+K, or Cmd+K on a Mac. */
export function isPaletteChord(e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}
