// The shared row keys for plain tables (DESIGN.md "Keyboard first"): j/k and the arrows move from
// row to row, Home and End to the first and last, Enter opens the row, x toggles it where the table
// selects. The same rules as the virtual table (row-keys.ts); the difference is what a row is here:
// a <tr> of the table's body, all of them in the DOM.
//
// Moving focuses the row's way in: the element marked data-row-open, else its first link; a row
// without one (an audit entry, a file) takes focus itself. So Enter on a moved-to row is the link's
// or button's own Enter, and Tab still reaches every control of a row as before.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { moveIndex, tableKeyAction } from './row-keys';

/** The element of a row that opens it: marked, else the first link. */
export const ROW_OPEN_SELECTOR = '[data-row-open]';

export interface RowKeyboardOptions {
  /**
   * Take j/k/x from the whole page, not only while focus is in the table: the page's one list does
   * (a list page); tables inside a detail page leave them to it.
   */
  pageKeys?: boolean;
  /** Opens a row that has no link or marked control (Enter on the row itself). */
  onOpenRow?: (row: HTMLTableRowElement, index: number) => void;
  /** x on the active row, where the table selects rows for bulk actions. */
  onToggleRow?: (row: HTMLTableRowElement, index: number) => void;
}

function bodyRows(table: HTMLElement): HTMLTableRowElement[] {
  return Array.from(table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr'));
}

/** The element of `row` that takes focus when the keys move to it. */
export function rowFocusTarget(row: HTMLTableRowElement): HTMLElement {
  const marked = row.querySelector<HTMLElement>(ROW_OPEN_SELECTOR);
  if (marked) return marked;
  const link = row.querySelector<HTMLElement>('a[href]');
  if (link) return link;
  // Focusable by script only: the row is no extra tab stop.
  if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
  return row;
}

/**
 * Gives the table `ref` points at the shared row keys. The listener is on the window, as the
 * virtual table's, so the page's keys (pageKeys) work with focus anywhere that is not typing or a
 * dialog, menu or listbox of its own.
 */
export function useRowKeyboard(ref: RefObject<HTMLElement | null>, options: RowKeyboardOptions = {}): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // The row last moved to or focused: Enter and j/k from the page (focus on the body after a panel
  // or dialog closed) continue from it.
  const active = useRef(-1);
  const pageKeys = options.pageKeys ?? false;

  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      const table = ref.current;
      const row = e.target instanceof Element ? e.target.closest('tr') : null;
      if (!table || !row) return;
      const index = bodyRows(table).indexOf(row);
      if (index >= 0) active.current = index;
    };
    const onKey = (e: KeyboardEvent) => {
      const table = ref.current;
      if (!table || !table.isConnected) return;
      const target = e.target instanceof Element ? e.target : null;
      const inTable = target !== null && table.contains(target);
      if (!pageKeys && !inTable) return;
      const action = tableKeyAction(e, table);
      if (!action) return;
      const rows = bodyRows(table);
      if (rows.length === 0) return;
      const focused = target?.closest('tr');
      const current = inTable && focused ? rows.indexOf(focused) : -1;
      const index = current >= 0 ? current : Math.min(active.current, rows.length - 1);

      if (action === 'open') {
        const row = rows[index];
        if (!row) return;
        // A link or button with focus opens by its own Enter.
        if (target && target !== row && inTable && target.closest('a[href], button, [role="button"]')) return;
        e.preventDefault();
        const way = rowFocusTarget(row);
        if (way !== row) way.click();
        else latest.current.onOpenRow?.(row, index);
        return;
      }
      if (action === 'toggle') {
        const row = rows[index];
        const toggle = latest.current.onToggleRow;
        if (!row || !toggle) return;
        e.preventDefault();
        toggle(row, index);
        return;
      }
      e.preventDefault();
      const next = moveIndex(index, action, rows.length);
      const row = rows[next];
      if (!row) return;
      active.current = next;
      const way = rowFocusTarget(row);
      way.focus();
      // A link is small; the whole row comes into view (a focused row scrolls itself).
      if (way !== row) row.scrollIntoView({ block: 'nearest' });
    };
    window.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [ref, pageKeys]);
}
