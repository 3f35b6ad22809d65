// A list read whole and filtered as it is typed into (the rules, the rules admin dashboard). Its
// search bar: a search landmark holding the search field, the filters (the filter bar's menus, or a
// native select where a list picks one of many), Clear filters while any applies, and at its end how
// many rows are shown, said politely when it changes. Its table: in the list's frame, scrolling
// inside it, with its loading, failed and empty states; j/k move between the rows and Enter opens one.
import type { ReactNode } from 'react';
import type { PageQuery } from './DataTable';
import { sva } from '../../styled-system/css';
import { LinkButton } from './FilterBar';
import { ListEmpty, ListFrame } from './ListPage';
import { Loaded } from './Loaded';
import { RowTable } from './RowTable';
import { filterBar, listPage } from './list.recipes';
import { focusRing, searchInput } from './recipes';
import { ruledTable } from './table.recipes';
import { scroller } from './VirtualTable.styles';

const parts = sva({
  slots: ['intro', 'label', 'select', 'num', 'muted', 'small', 'stack'],
  base: {
    intro: { color: 'muted', fontSize: 'sm', maxWidth: '60rem', lineHeight: '1.5' },
    label: { display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' },
    select: { height: '9', px: '2', maxWidth: '16rem', layerStyle: 'bordered', borderRadius: 'md', fontSize: 'sm', bg: 'white', _focusVisible: focusRing },
    // figures; the header cell too, over the table's own left alignment of its headers
    num: { fontVariantNumeric: 'tabular-nums', textAlign: 'right !important' as 'right', whiteSpace: 'nowrap' },
    muted: { color: 'muted' },
    small: { fontSize: 'xs', color: 'muted' },
    stack: { display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' },
  },
})();

/** The classes of a whole list's cells: figures, muted text, small print, a stack of lines. */
export const listText = { num: parts.num, muted: parts.muted, small: parts.small, stack: parts.stack };

/** What the page is, in a sentence or two under its title. */
export function PageIntro({ children }: { children: ReactNode }) {
  return <p className={parts.intro}>{children}</p>;
}

interface BarProps {
  /** The landmark's name ("Filter rules"). */
  label: string;
  /** Shows Clear filters. */
  filtered: boolean;
  onClear: () => void;
  /** The rows shown ("12 rules"), once the list is read. */
  count?: string | null;
  children: ReactNode;
}

export function SearchBar({ label, filtered, onClear, count, children }: BarProps) {
  const l = listPage();
  return (
    <div className={filterBar().bar} role="search" aria-label={label}>
      {children}
      {filtered ? <LinkButton onClick={onClear}>Clear filters</LinkButton> : null}
      <span className={l.spacer} />
      {count ? (
        <span className={parts.small} role="status" aria-live="polite">
          {count}
        </span>
      ) : null}
    </div>
  );
}

/** "12 rules", "1 rule". */
export const countText = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

interface SearchProps {
  /** The field's accessible name ("Search rules by title"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search field of a search bar: what is typed filters the list as it is typed. */
export function SearchBarField({ label, placeholder, value, onChange }: SearchProps) {
  return (
    <input
      type="search"
      className={searchInput()}
      aria-label={label}
      placeholder={placeholder}
      maxLength={200}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

interface SelectProps<V extends string | number> {
  label: string;
  /** null for any. */
  value: V | null;
  /** The choice that filters nothing ("Any queue"). */
  anyLabel: string;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | null) => void;
}

/** One of many values of a field, in a native select labelled beside it. */
export function SelectFilter<V extends string | number>({ label, value, anyLabel, options, onChange }: SelectProps<V>) {
  return (
    <label className={parts.label}>
      {label}
      <select
        className={parts.select}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)?.value ?? null)}
      >
        <option value="">{anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

interface TableProps<Data> {
  query: PageQuery<Data>;
  /** What is loading ("Loading rules"). */
  loading: string;
  /** Said, with Retry, when the read failed. */
  failed: string;
  /** Said instead, without Retry, when the server refused the read. */
  refusal?: string | null;
  /** Said instead of the table when it has no rows; null while it has some. */
  empty: (data: Data) => string | null;
  /** The table's accessible name. */
  label: string;
  /** The column headers; figures are right-aligned. */
  columns: readonly { header: string; numeric?: boolean }[];
  /** The body's rows. */
  children: (data: Data) => ReactNode;
}

export function ListTable<Data>({ query, loading, failed, refusal, empty, label, columns, children }: TableProps<Data>) {
  return (
    <ListFrame>
      <Loaded query={query} loading={loading} failed={failed} refusal={refusal} fill>
        {(data) => {
          const none = empty(data);
          if (none !== null) return <ListEmpty text={none} fill />;
          return (
            <div className={scroller}>
              <RowTable pageKeys className={ruledTable({ head: 'plain', valign: 'top' })} aria-label={label}>
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.header} scope="col" className={c.numeric ? parts.num : undefined}>
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>{children(data)}</tbody>
              </RowTable>
            </div>
          );
        }}
      </Loaded>
    </ListFrame>
  );
}
