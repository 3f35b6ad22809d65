// A toolbar filter: a button naming what is chosen ("Status: Open, In review") that opens a menu of
// checkboxes. Ark's Menu gives arrow keys, type-ahead and Esc; the menu stays open while ticking.
import { Menu } from '@ark-ui/react/menu';
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useId, type ReactNode } from 'react';
import * as s from './case-list.styles';

export interface FilterOption<V> {
  value: V;
  label: string;
}

interface Props<V extends string | number> {
  label: string;
  options: readonly FilterOption<V>[];
  selected: readonly V[];
  onChange: (next: V[]) => void;
  /** Shown in the menu when there is nothing to choose. */
  emptyText?: string;
}

function summary<V>(label: string, options: readonly FilterOption<V>[], selected: readonly V[]): string {
  if (selected.length === 0) return label;
  const names = selected.map((v) => options.find((o) => o.value === v)?.label ?? String(v));
  return names.length <= 2 ? `${label}: ${names.join(', ')}` : `${label}: ${names[0]} +${names.length - 1}`;
}

export function FilterMenu<V extends string | number>({ label, options, selected, onChange, emptyText = 'Nothing to choose' }: Props<V>) {
  const active = selected.length > 0;
  return (
    <Menu.Root closeOnSelect={false} positioning={{ placement: 'bottom-start' }}>
      <Menu.Trigger className={s.filterButton} data-active={active || undefined}>
        {summary(label, options, selected)}
        <Chevron />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={s.menu} aria-label={label}>
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

interface RangeProps {
  label: string;
  from: string | null;
  to: string | null;
  onChange: (range: { from: string | null; to: string | null }) => void;
}

function rangeSummary(label: string, from: string | null, to: string | null): string {
  if (from && to) return `${label}: ${from} – ${to}`;
  if (from) return `${label}: from ${from}`;
  if (to) return `${label}: until ${to}`;
  return label;
}

/** A date range in a popover: two date fields, each inclusive. */
export function DateRangeFilter({ label, from, to, onChange }: RangeProps) {
  const id = useId();
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger className={s.filterButton} data-active={from || to ? true : undefined}>
        {rangeSummary(label, from, to)}
        <Chevron />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={s.popover}>
            <Popover.Title className={s.popoverTitle}>{label}</Popover.Title>
            <DateField id={`${id}-from`} label="From">
              <input
                id={`${id}-from`}
                type="date"
                className={s.dateInput}
                value={from ?? ''}
                max={to ?? undefined}
                onChange={(e) => onChange({ from: e.target.value || null, to })}
              />
            </DateField>
            <DateField id={`${id}-to`} label="To">
              <input
                id={`${id}-to`}
                type="date"
                className={s.dateInput}
                value={to ?? ''}
                min={from ?? undefined}
                onChange={(e) => onChange({ from, to: e.target.value || null })}
              />
            </DateField>
            {from || to ? (
              <button type="button" className={s.linkButton} onClick={() => onChange({ from: null, to: null })}>
                Clear dates
              </button>
            ) : null}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

function DateField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className={s.dateField}>
      <label htmlFor={id} className={s.dateLabel}>
        {label}
      </label>
      {children}
    </div>
  );
}

function Chevron() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
