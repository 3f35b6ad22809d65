// The filter bar above a list: buttons that name what they filter by ("Status: Open, In review")
// and open a menu of choices or a popover of fields. Ark's Menu gives arrow keys, type-ahead and
// Esc; a menu of several choices stays open while ticking. Every change goes to the caller at once
// (the lists keep their filters in the address).
import { Menu } from '@ark-ui/react/menu';
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { createContext, useContext, useId, type KeyboardEvent, type ReactNode } from 'react';
import { filterBar } from './list.recipes';
import { useDraft } from './use-draft';

type Size = 'md' | 'lg';
const SizeContext = createContext<Size>('lg');
/** The filter bar's classes at its size, for fields a filter lays out itself. */
export const useFilterParts = () => filterBar({ size: useContext(SizeContext) });

interface BarProps {
  /** The bar's accessible name ("Case filters"). */
  label: string;
  role?: 'toolbar' | 'group';
  /** The case list's filters are a little narrower. */
  size?: Size;
  children: ReactNode;
}

export function FilterBar({ label, role = 'toolbar', size = 'lg', children }: BarProps) {
  return (
    <SizeContext.Provider value={size}>
      <div className={filterBar({ size }).bar} role={role} aria-label={label}>
        {children}
      </div>
    </SizeContext.Provider>
  );
}

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
  /** Shown in the menu when there is nothing to choose. */
  emptyText?: string;
}

/** Several values of one field: a menu of checkboxes, and a way to clear them all. */
export function MultiFilter<V extends string | number>({ label, options, selected, onChange, emptyText = 'Nothing to choose' }: MultiProps<V>) {
  const s = useFilterParts();
  const active = selected.length > 0;
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger className={s.trigger} data-active={active || undefined}>
        {summary(label, options, selected)}
        <Chevron />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={s.menu} aria-label={label}>
            {options.length === 0 ? <div className={s.empty}>{emptyText}</div> : null}
            {options.map((o) => {
              const checked = selected.includes(o.value);
              return (
                <Menu.CheckboxItem
                  key={String(o.value)}
                  value={String(o.value)}
                  checked={checked}
                  className={s.item}
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
                <Menu.Separator className={s.separator} />
                <Menu.Item value="__clear" className={s.item} onSelect={() => onChange([])}>
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

/** One value of a field: a menu of radio items. */
export function SingleFilter<V extends string>({ label, options, value, neutral, onChange, disabled, title }: SingleProps<V>) {
  const s = useFilterParts();
  const current = options.find((o) => o.value === value);
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger className={s.trigger} data-active={value !== neutral || undefined} disabled={disabled} title={title}>
        {label}: {current?.label ?? value}
        <Chevron />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={s.menu} aria-label={label}>
            <Menu.RadioItemGroup value={value} onValueChange={(d) => onChange(d.value as V)}>
              {options.map((o) => (
                <Menu.RadioItem key={o.value} value={o.value} className={s.item}>
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

interface PopoverProps {
  /** The popover's title. */
  label: string;
  /** What the button says. */
  summaryText: string;
  active: boolean;
  /** Mounts the fields only while open (the default). */
  lazy?: boolean;
  children: ReactNode;
}

/** A filter whose choices need more than a menu: a button that opens a popover of fields. */
export function PopoverFilter({ label, summaryText, active, lazy = true, children }: PopoverProps) {
  const s = useFilterParts();
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }} lazyMount={lazy} unmountOnExit={lazy}>
      <Popover.Trigger className={s.trigger} data-active={active || undefined}>
        {summaryText}
        <Chevron />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={s.popover}>
            <Popover.Title className={s.heading}>{label}</Popover.Title>
            {children}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** A labelled control on a row of its own inside a popover filter. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const s = useFilterParts();
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The small print under a popover's fields. */
export function FilterHint({ children, id, role }: { children: ReactNode; id?: string; role?: 'status' }) {
  return (
    <p id={id} className={useFilterParts().hint} role={role}>
      {children}
    </p>
  );
}

/** A button that looks like a link ("Clear filters", "Clear dates", "Retry"). */
export function LinkButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={useFilterParts().clear} onClick={onClick}>
      {children}
    </button>
  );
}

interface RangeProps {
  /** The popover's title ("Created", "Event time"). */
  label: string;
  /** What the button calls the range, when not the label ("Date"). */
  summaryLabel?: string;
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
  /** How the button says an open-ended range's end: "until 2024-05-01" or "to 2024-05-01". */
  untilWord?: 'until' | 'to';
  hint?: string;
  lazy?: boolean;
}

function rangeSummary(label: string, from: string | null, to: string | null, untilWord: string): string {
  if (from && to) return `${label}: ${from} – ${to}`;
  if (from) return `${label}: from ${from}`;
  if (to) return `${label}: ${untilWord} ${to}`;
  return label;
}

/** A range of calendar days, both included: two date fields in a popover. */
export function DateRangeFilter({ label, summaryLabel = label, from, to, onChange, untilWord = 'until', hint, lazy }: RangeProps) {
  const id = useId();
  const s = useFilterParts();
  return (
    <PopoverFilter label={label} summaryText={rangeSummary(summaryLabel, from, to, untilWord)} active={Boolean(from || to)} lazy={lazy}>
      <FilterField id={`${id}-from`} label="From">
        <input
          id={`${id}-from`}
          type="date"
          className={s.input}
          value={from ?? ''}
          max={to ?? undefined}
          onChange={(e) => onChange({ from: e.target.value || null, to })}
        />
      </FilterField>
      <FilterField id={`${id}-to`} label="To">
        <input
          id={`${id}-to`}
          type="date"
          className={s.input}
          value={to ?? ''}
          min={from ?? undefined}
          onChange={(e) => onChange({ from, to: e.target.value || null })}
        />
      </FilterField>
      {hint ? <FilterHint>{hint}</FilterHint> : null}
      {from || to ? <LinkButton onClick={() => onChange({ from: null, to: null })}>Clear dates</LinkButton> : null}
    </PopoverFilter>
  );
}

const amountText = (value: number | null) => (value === null ? '' : String(value));

interface AmountProps {
  id: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  className?: string;
  placeholder?: string;
}

/** An amount typed into a field, applied when the field is left or Enter is pressed. */
export function AmountInput({ id, value, onCommit, className, placeholder }: AmountProps) {
  const s = useFilterParts();
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
      placeholder={placeholder}
      className={className ?? s.input}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
