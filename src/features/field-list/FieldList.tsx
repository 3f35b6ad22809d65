// Label/value rows of an object's fields (transaction, action event, entity, instrument panels),
// with the Show/Hide Empty Fields toggle and censored values shown as "••••••" with the tooltip
// "This field is censored." (spec part 2, sections 2 and 6). The server has already masked what the
// agent may not read; this presents the mask, with Reveal on censored-but-viewable fields.
import { useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { readStorage, writeStorage } from '../../lib/storage';
import * as s from './FieldList.styles';
import {
  formatFieldValue,
  HIDE_EMPTY_FIELDS,
  isCensored,
  isEmptyValue,
  SHOW_EMPTY_FIELDS,
  visibleFields,
  type FieldItem,
  type FieldValue,
  type RevealTarget,
} from './FieldList.utils';
import { CensoredValue, RevealableValue } from './FieldList.censored';

export * from './FieldList.utils';

export { CensoredValue } from './FieldList.censored';

/** One value as a row shows it: censored mask (with Reveal when offered), link, text, or an em dash when empty. */
export function FieldValueView({ value, href, reveal, label = '' }: { value: FieldValue; href?: string | null; reveal?: RevealTarget; label?: string }) {
  if (isCensored(value)) return reveal ? <RevealableValue target={reveal} label={label} /> : <CensoredValue />;
  if (isEmptyValue(value)) return <span className={s.empty}>—</span>;
  const text = formatFieldValue(value);
  return href ? (
    <Link href={href} className={s.link}>
      {text}
    </Link>
  ) : (
    <>{text}</>
  );
}

interface FieldListProps {
  fields: readonly FieldItem[];
  /** Show rows without a value (the toggle's state, see useShowEmptyFields). */
  showEmpty: boolean;
  /** Names the list for assistive technology (e.g. "Sending fields"). */
  label?: string;
  /** Said when no row is shown. */
  emptyText?: string;
}

export function FieldList({ fields, showEmpty, label, emptyText = 'No information to display' }: FieldListProps) {
  const shown = visibleFields(fields, showEmpty);
  if (shown.length === 0) return <p className={s.none}>{emptyText}</p>;
  return (
    <dl className={s.list} aria-label={label}>
      {shown.map((f) => (
        <div key={f.key} style={{ display: 'contents' }}>
          <dt className={s.label}>{f.label}</dt>
          <dd className={s.value}>
            <FieldValueView value={f.value} href={f.href} reveal={f.reveal} label={f.label} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

// The choice is one per browser, shared by every detail view at once (a page and its panel agree).
const STORAGE_KEY = 'vigil.showEmptyFields';
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => readStorage('local', STORAGE_KEY) === 'true';

/** [showEmpty, setShowEmpty]; empty fields are hidden until the agent asks for them. */
export function useShowEmptyFields(): [boolean, (next: boolean) => void] {
  const showEmpty = useSyncExternalStore(subscribe, read, () => false);
  const set = (next: boolean) => {
    writeStorage('local', STORAGE_KEY, next ? 'true' : null);
    for (const listener of listeners) listener();
  };
  return [showEmpty, set];
}

/** The Show/Hide Empty Fields toggle; its text says what a press does (so no aria-pressed). */
export function ShowEmptyFieldsToggle({ showEmpty, onChange }: { showEmpty: boolean; onChange: (next: boolean) => void }) {
  return (
    <button type="button" className={s.toggle} onClick={() => onChange(!showEmpty)}>
      {showEmpty ? HIDE_EMPTY_FIELDS : SHOW_EMPTY_FIELDS}
    </button>
  );
}
