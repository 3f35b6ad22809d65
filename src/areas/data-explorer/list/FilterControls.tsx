// The explorer's toolbar filters: a button naming what is chosen ("Status: Completed, Pending")
// that opens a menu or a popover. Ark's Menu gives arrow keys, type-ahead and Esc; a multi-choice
// menu stays open while ticking.
import { Menu } from '@ark-ui/react/menu';
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../../../styled-system/css';
import * as s from './explorer.styles';
import { useDraft } from '../../../ui/use-draft';

const amountText = (value: number | null) => (value === null ? '' : String(value));

export interface FilterOption<V> {
  value: V;
  label: string;
}

function summary<V>(label: string, options: readonly FilterOption<V>[], selected: readonly V[]): string {
  if (selected.length === 0) return label;
  const names = selected.map((v) => options.find((o) => o.value === v)?.label ?? String(v));
  return names.length <= 2 ? `${label}: ${names.join(', ')}` : `${label}: ${names[0]} +${names.length - 1}`;
}

export function Chevron() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

interface MultiProps<V extends string | number> {
  label: string;
  options: readonly FilterOption<V>[];
  selected: readonly V[];
  onChange: (next: V[]) => void;
  emptyText?: string;
}

export function MultiFilter<V extends string | number>({ label, options, selected, onChange, emptyText = 'Nothing to choose' }: MultiProps<V>) {
  const active = selected.length > 0;
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger className={s.filterButton} data-active={active || undefined}>
        {summary(label, options, selected)}
        <Chevron />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={cx(s.surface, s.menu)} aria-label={label}>
            {options.length === 0 ? <div className={s.menuEmpty}>{emptyText}</div> : null}
            {options.map((o) => {
              const checked = selected.includes(o.value);
              return (
                <Menu.CheckboxItem
                  key={String(o.value)}
                  value={String(o.value)}
                  checked={checked}
                  className={s.menuItem}
                  onCheckedChange={(on) => onChange(on ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
                >
                  <span className={s.checkbox} data-checked={checked || undefined} aria-hidden="true">
                    {checked ? '✓' : ''}
                  </span>
                  <Menu.ItemText>{o.label}</Menu.ItemText>
                </Menu.CheckboxItem>
              );
            })}
            {active ? (
              <>
                <Menu.Separator className={s.menuSeparator} />
                <Menu.Item value="__clear" className={s.menuItem} onSelect={() => onChange([])}>
                  Clear {label.toLowerCase()} filter
                </Menu.Item>
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

interface SingleProps<V extends string> {
  label: string;
  options: readonly FilterOption<V>[];
  value: V;
  /** The value that means "no filter" (shown as the plain label). */
  neutral: V;
  onChange: (next: V) => void;
  disabled?: boolean;
  title?: string;
}

export function SingleFilter<V extends string>({ label, options, value, neutral, onChange, disabled, title }: SingleProps<V>) {
  const current = options.find((o) => o.value === value);
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger className={s.filterButton} data-active={value !== neutral || undefined} disabled={disabled} title={title}>
        {label}: {current?.label ?? value}
        <Chevron />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={cx(s.surface, s.menu)} aria-label={label}>
            <Menu.RadioItemGroup value={value} onValueChange={(d) => onChange(d.value as V)}>
              {options.map((o) => (
                <Menu.RadioItem key={o.value} value={o.value} className={s.menuItem}>
                  <span className={s.radio} data-checked={o.value === value || undefined} aria-hidden="true" />
                  <Menu.ItemText>{o.label}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** A filter whose choices need more than a menu: a button that opens a popover. */
export function PopoverFilter({ label, summaryText, active, children }: { label: string; summaryText: string; active: boolean; children: ReactNode }) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount unmountOnExit>
      <Popover.Trigger className={s.filterButton} data-active={active || undefined}>
        {summaryText}
        <Chevron />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(s.surface, s.popover)}>
            <Popover.Title className={s.popoverTitle}>{label}</Popover.Title>
            {children}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.fieldLabel}>
        {label}
      </label>
      {children}
    </div>
  );
}

function rangeSummary(label: string, from: string | null, to: string | null): string {
  if (from && to) return `${label}: ${from} – ${to}`;
  if (from) return `${label}: from ${from}`;
  if (to) return `${label}: to ${to}`;
  return label;
}

/** Event dates: From and To are calendar days, both included (To is the before-date). */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
}) {
  const id = useId();
  return (
    <PopoverFilter label="Event time" summaryText={rangeSummary('Date', from, to)} active={Boolean(from || to)}>
      <Field id={`${id}-from`} label="From">
        <input
          id={`${id}-from`}
          type="date"
          className={s.input}
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(e) => onChange({ from: e.target.value || null, to })}
        />
      </Field>
      <Field id={`${id}-to`} label="To">
        <input
          id={`${id}-to`}
          type="date"
          className={s.input}
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(e) => onChange({ from, to: e.target.value || null })}
        />
      </Field>
      <p className={s.hint}>Both days are included.</p>
      {from || to ? (
        <button type="button" className={s.linkButton} onClick={() => onChange({ from: null, to: null })}>
          Clear dates
        </button>
      ) : null}
    </PopoverFilter>
  );
}

/** A number typed into a field, applied when the field is left or Enter is pressed. */
function AmountInput({ id, value, onCommit }: { id: string; value: number | null; onCommit: (value: number | null) => void }) {
  const [draft, setDraft] = useDraft(value, amountText);
  const commit = () => {
    const n = Number(draft);
    // Amount filters apply only for values greater than 0 (spec part 2, section 5).
    const next = draft.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
    if (next !== value) onCommit(next);
    else setDraft(value === null ? '' : String(value));
  };
  return (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      className={s.input}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

function amountSummary(min: number | null, max: number | null, currency: string | null): string {
  const unit = currency ? ` ${currency}` : '';
  if (min !== null && max !== null) return `Amount: ${min}–${max}${unit}`;
  if (min !== null) return `Amount: ≥ ${min}${unit}`;
  if (max !== null) return `Amount: ≤ ${max}${unit}`;
  return currency ? `Amount: ${currency}` : 'Amount';
}

interface AmountProps {
  min: number | null;
  max: number | null;
  currency: string | null;
  currencies: readonly string[];
  onChange: (patch: { min?: number | null; max?: number | null; currency?: string | null }) => void;
}

export function AmountFilter({ min, max, currency, currencies, onChange }: AmountProps) {
  const id = useId();
  return (
    <PopoverFilter label="Amount" summaryText={amountSummary(min, max, currency)} active={min !== null || max !== null || currency !== null}>
      <Field id={`${id}-min`} label="Minimum">
        <AmountInput id={`${id}-min`} value={min} onCommit={(v) => onChange({ min: v })} />
      </Field>
      <Field id={`${id}-max`} label="Maximum">
        <AmountInput id={`${id}-max`} value={max} onCommit={(v) => onChange({ max: v })} />
      </Field>
      <Field id={`${id}-currency`} label="Currency">
        <select id={`${id}-currency`} className={s.input} value={currency ?? ''} onChange={(e) => onChange({ currency: e.target.value || null })}>
          <option value="">Any currency</option>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <p className={s.hint}>Only amounts above 0 apply.</p>
    </PopoverFilter>
  );
}
