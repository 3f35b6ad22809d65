// A plain <table> whose body rows move with j/k and open with Enter (use-row-keyboard.ts): the
// shared table behaviour for the tables that are not virtual (risk models, agents, an alert's
// entities ...). Rows keep their markup; the row with focus in it is tinted as the virtual
// table's active row is.
import { useRef, type ReactNode, type TableHTMLAttributes } from 'react';
import { css, cx } from '../../styled-system/css';
import { useRowKeyboard, type RowKeyboardOptions } from './use-row-keyboard';

const keyedRows = css({
  '& > tbody > tr:focus-within': { bg: '#eef4ff', boxShadow: 'inset 3px 0 0 token(colors.brand)' },
  '& > tbody > tr:focus-visible': { outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px' },
});

export type RowTableProps = TableHTMLAttributes<HTMLTableElement> & RowKeyboardOptions;

export function RowTable({ pageKeys, onOpenRow, onToggleRow, className, children, ...rest }: RowTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  useRowKeyboard(ref, { pageKeys, onOpenRow, onToggleRow });
  return (
    <table ref={ref} className={cx(className, keyedRows)} data-row-keys={pageKeys ? 'page' : 'table'} {...rest}>
      {children}
    </table>
  );
}

/** A table's header row: a column header for each name, then any cells of the table's own (an Actions header). */
export function TableHead({
  columns,
  cellClassName,
  children,
}: {
  columns: readonly string[];
  cellClassName?: (name: string) => string;
  children?: ReactNode;
}) {
  return (
    <thead>
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col" className={cellClassName?.(name)}>
            {name}
          </th>
        ))}
        {children}
      </tr>
    </thead>
  );
}
