// @vitest-environment jsdom
// The shared row keys of the plain tables (src/ui/use-row-keyboard.ts through RowTable): j/k and
// the arrows move focus row by row to each row's way in (its marked control, else its link, else
// the row), Home/End jump, Enter opens, x toggles where the table selects; keys typed into fields
// or dialogs are left alone, and a table that is not the page's list takes keys only from inside.
import './setup-dom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowTable, type RowTableProps } from '../../src/ui/RowTable';

afterEach(() => cleanup());

interface Item {
  id: number;
  title: string;
  /** How the row opens: a link (default), a marked button, or nothing. */
  way?: 'link' | 'button' | 'none';
}

const ITEMS: Item[] = [
  { id: 1, title: 'First' },
  { id: 2, title: 'Second' },
  { id: 3, title: 'Third' },
];

function Table({
  items = ITEMS,
  label = 'Things',
  opened = () => {},
  ...props
}: Partial<RowTableProps> & { items?: Item[]; label?: string; opened?: (id: number) => void }) {
  return (
    <RowTable aria-label={label} {...props}>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-id={item.id}>
            <td>
              {item.way === 'none' ? (
                item.title
              ) : item.way === 'button' ? (
                <button type="button" data-row-open="" onClick={() => opened(item.id)}>
                  {item.title}
                </button>
              ) : (
                <a
                  href={`/things/${item.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    opened(item.id);
                  }}
                >
                  {item.title}
                </a>
              )}
            </td>
            <td>
              <button type="button">{`Delete ${item.title}`}</button>
            </td>
          </tr>
        ))}
      </tbody>
    </RowTable>
  );
}

/** Presses a key where focus is (the body when nothing has it); returns whether it was taken. */
function press(key: string, target: Element = document.activeElement ?? document.body): boolean {
  return !fireEvent.keyDown(target, { key });
}

const focusedRowId = () => document.activeElement?.closest('tr')?.getAttribute('data-id');

describe('row keys of a plain table', () => {
  it('moves with j/k and the arrows from row to row, to each row’s link, and jumps with Home and End', () => {
    render(<Table pageKeys />);
    expect(press('j')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'First' }));
    press('j');
    expect(focusedRowId()).toBe('2');
    press('ArrowDown');
    expect(focusedRowId()).toBe('3');
    press('j');
    expect(focusedRowId()).toBe('3');
    press('k');
    expect(focusedRowId()).toBe('2');
    press('ArrowUp');
    expect(focusedRowId()).toBe('1');
    press('End');
    expect(focusedRowId()).toBe('3');
    press('Home');
    expect(focusedRowId()).toBe('1');
    // Tab order is untouched: no row became a tab stop.
    expect(screen.getAllByRole('row').filter((r) => r.getAttribute('tabindex') === '0')).toHaveLength(0);
  });

  it('opens with Enter: the link’s own Enter on the row, the row moved to when Enter comes from the page', () => {
    const opened = vi.fn();
    render(<Table pageKeys opened={opened} />);
    press('j');
    press('j');
    // On the link, Enter is the link's: the table leaves it alone.
    expect(press('Enter')).toBe(false);
    expect(opened).not.toHaveBeenCalled();
    // Focus back on the page (a panel closed): Enter opens the row last moved to.
    (document.activeElement as HTMLElement).blur();
    expect(press('Enter', document.body)).toBe(true);
    expect(opened).toHaveBeenCalledWith(2);
  });

  it('focuses the marked control, else the row itself, which then opens through onOpenRow', () => {
    const opened = vi.fn();
    const onOpen = vi.fn();
    render(
      <Table
        pageKeys
        opened={opened}
        onOpenRow={(row) => onOpen(row.getAttribute('data-id'))}
        items={[
          { id: 1, title: 'Marked', way: 'button' },
          { id: 2, title: 'Plain', way: 'none' },
        ]}
      />,
    );
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Marked' }));
    press('j');
    const row = screen.getAllByRole('row')[2];
    expect(document.activeElement).toBe(row);
    // Focusable by script only.
    expect(row.getAttribute('tabindex')).toBe('-1');
    expect(press('Enter')).toBe(true);
    expect(onOpen).toHaveBeenCalledWith('2');
    expect(opened).not.toHaveBeenCalled();
  });

  it('leaves Enter on the row’s other buttons to them', () => {
    const opened = vi.fn();
    render(<Table pageKeys opened={opened} />);
    const del = screen.getByRole('button', { name: 'Delete Second' });
    del.focus();
    expect(press('Enter')).toBe(false);
    // j continues from the row that has focus.
    press('j');
    expect(focusedRowId()).toBe('3');
    expect(opened).not.toHaveBeenCalled();
  });

  it('toggles with x where the table selects, and leaves x alone where it does not', () => {
    const toggled: string[] = [];
    const { unmount } = render(<Table pageKeys onToggleRow={(row) => toggled.push(row.getAttribute('data-id')!)} />);
    press('j');
    press('j');
    expect(press('x')).toBe(true);
    expect(toggled).toEqual(['2']);
    unmount();
    render(<Table pageKeys />);
    press('j');
    expect(press('x')).toBe(false);
  });

  it('ignores keys typed into fields and dialogs, and modified keys', () => {
    render(
      <>
        <input aria-label="Filter" />
        <div role="dialog" aria-label="Dialog">
          <button type="button">Inside</button>
        </div>
        <Table pageKeys />
      </>,
    );
    expect(press('j', screen.getByRole('textbox', { name: 'Filter' }))).toBe(false);
    expect(press('j', screen.getByRole('button', { name: 'Inside' }))).toBe(false);
    expect(!fireEvent.keyDown(document.body, { key: 'j', ctrlKey: true })).toBe(false);
    expect(focusedRowId()).toBeUndefined();
  });

  it('a table that is not the page’s list takes the keys only while focus is in it', () => {
    render(
      <>
        <Table label="Page list" pageKeys items={[{ id: 1, title: 'Listed' }]} />
        <Table
          label="Linked"
          items={[
            { id: 7, title: 'Linked one' },
            { id: 8, title: 'Linked two' },
          ]}
        />
      </>,
    );
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Listed' }));
    screen.getByRole('link', { name: 'Linked one' }).focus();
    press('j');
    // The linked table moved; the page list, focus being outside it, stayed.
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Linked two' }));
    screen.getByRole('button', { name: 'Delete Listed' }).focus();
    press('k');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Listed' }));
  });
});
