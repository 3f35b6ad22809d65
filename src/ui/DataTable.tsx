// A detail table from its columns: each column names its header and draws its cell; figures are
// right-aligned in tabular digits, ids in the monospace face. The body rows move with j/k and open
// with Enter (RowTable). The states that stand in for the rows (empty, failed) and the pager of a
// long list sit beside it.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../styled-system/css';
import { button, textLink } from './recipes';
import { LoadingState } from './LoadingState';
import { RowTable, type RowTableProps } from './RowTable';
import { tableParts as t } from './table.recipes';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures: right-aligned, tabular, never broken. */
  numeric?: boolean;
  /** Right-aligned only. */
  align?: 'end';
  /** Ids and addresses in the monospace face. */
  mono?: boolean;
}

/** A column whose cells link each row to its page by an id in the monospace face (a transaction's external id). */
export function linkColumn<Row>(header: string, href: (row: Row) => string, text: (row: Row) => string): Column<Row> {
  return {
    header,
    cell: (row) => (
      <Link href={href(row)} className={cx(t.link, t.mono)}>
        {text(row)}
      </Link>
    ),
  };
}

type TableProps<Row> = Omit<RowTableProps, 'className' | 'children'> & {
  /** `false` leaves a column out (one behind a feature flag). */
  columns: ReadonlyArray<Column<Row> | false>;
  rows: readonly Row[];
  rowKey: (row: Row, index: number) => string | number;
};

const cellClass = <Row,>(base: string | undefined, c: Column<Row>) => cx(base, c.numeric && t.num, c.align === 'end' && t.end);

export function DataTable<Row>({ columns, rows, rowKey, ...rest }: TableProps<Row>) {
  const shown = columns.filter((c): c is Column<Row> => c !== false);
  return (
    <div className={t.scroll}>
      <RowTable className={t.table} {...rest}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.header} className={cellClass(t.th, c)} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className={t.tr}>
              {shown.map((c) => (
                <td key={c.header} className={cx(cellClass(t.td, c), c.mono && t.mono)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </RowTable>
    </div>
  );
}

/** What a table shows when it has no rows. */
export function TableEmpty({ children }: { children: ReactNode }) {
  return <p className={t.empty}>{children}</p>;
}

/** What stands in for what could not be loaded (a table's rows, a whole page), with the way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={t.error} role="alert">
      {message}
      <button type="button" className={textLink()} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

interface PagerProps {
  offset: number;
  limit: number;
  count: number;
  onChange: (offset: number) => void;
  label: string;
}

/** Previous and Next over a list read `limit` rows at a time; nothing when one page holds it all. */
export function Pager({ offset, limit, count, onChange, label }: PagerProps) {
  if (count <= limit && offset === 0) return null;
  const from = count === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, count);
  const pageButton = button({ variant: 'secondary', size: 'sm' });
  return (
    <nav className={t.pager} aria-label={label}>
      <span aria-live="polite">{`${from}–${to} of ${count}`}</span>
      <button type="button" className={pageButton} disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - limit))}>
        Previous
      </button>
      <button type="button" className={pageButton} disabled={offset + limit >= count} onClick={() => onChange(offset + limit)}>
        Next
      </button>
    </nav>
  );
}

/** What a query of a page of rows reports (react-query's result has these). */
export interface PageQuery<Data> {
  isPending: boolean;
  isError: boolean;
  data?: Data;
  refetch: () => unknown;
}

type PagedProps<Data extends { count: number }, Row> = Omit<TableProps<Row>, 'rows'> & {
  query: PageQuery<Data>;
  rows: (data: Data) => readonly Row[];
  /** What is loading ("Loading transactions"). */
  loading: string;
  /** Said when the rows could not be loaded. */
  failed: string;
  /** Previous and Next, when the list is read a page at a time. */
  pager?: Omit<PagerProps, 'count'>;
};

/** A table of what a query reads, with its loading, failed and empty states and its pager. */
export function PagedTable<Data extends { count: number }, Row>({ query, rows, loading, failed, pager, ...table }: PagedProps<Data, Row>) {
  const data = query.data;
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError || data === undefined) return <LoadError message={failed} onRetry={() => void query.refetch()} />;
  if (data.count === 0) return <TableEmpty>No information to display</TableEmpty>;
  return (
    <>
      <DataTable rows={rows(data)} {...table} />
      {pager ? <Pager {...pager} count={data.count} /> : null}
    </>
  );
}
