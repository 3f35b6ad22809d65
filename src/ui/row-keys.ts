// Which key presses a table of rows takes (DESIGN.md "Keyboard first": lists move with j/k and open
// with Enter), shared by the virtual table and the plain tables (use-row-keyboard.ts). Pure, so the
// rules are tested without a DOM.
import { isTypingTarget } from '../lib/shortcuts';

export type TableKeyAction = 'next' | 'previous' | 'first' | 'last' | 'open' | 'toggle' | null;

/** Surfaces whose keys belong to them: a dialog, popover, menu or option list that has focus. */
const OWN_KEYS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="combobox"]';

/** Tables that take these keys: the virtual table's grid and the plain tables (RowTable). */
export const ROW_KEY_TABLES = '[role="grid"], [data-row-keys]';

export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

/**
 * j/k and x work from anywhere on the page that is not taking text or a surface of its own; the
 * arrows, Home, End and Enter only while focus is in the table (or nowhere in particular), so they
 * keep their usual meaning on buttons and links.
 */
export function tableKeyAction(e: KeyEventLike, grid: Element | null): TableKeyAction {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTypingTarget(e.target)) return null;
  const target = e.target instanceof Element ? e.target : null;
  if (target?.closest(OWN_KEYS)) return null;
  // Focus in another table of rows: the keys are that table's, not the page list's.
  const owner = target?.closest(ROW_KEY_TABLES);
  if (owner && grid && owner !== grid) return null;
  const inGrid = !target || target === document.body || target.id === 'main' || (grid !== null && grid.contains(target));
  switch (e.key) {
    case 'j':
      return 'next';
    case 'k':
      return 'previous';
    case 'x':
      return 'toggle';
    case 'ArrowDown':
      return inGrid ? 'next' : null;
    case 'ArrowUp':
      return inGrid ? 'previous' : null;
    case 'Home':
      return inGrid ? 'first' : null;
    case 'End':
      return inGrid ? 'last' : null;
    case 'Enter':
      return inGrid ? 'open' : null;
    default:
      return null;
  }
}

export function moveIndex(active: number, action: 'next' | 'previous' | 'first' | 'last', count: number): number {
  if (count <= 0) return -1;
  switch (action) {
    case 'first':
      return 0;
    case 'last':
      return count - 1;
    case 'next':
      return active < 0 ? 0 : Math.min(count - 1, active + 1);
    case 'previous':
      return active < 0 ? 0 : Math.max(0, active - 1);
  }
}
