// The explorer's amount filter: a minimum, a maximum and a currency in a popover of the filter bar.
import { useId } from 'react';
import { AmountInput, FilterField, FilterHint, PopoverFilter, useFilterParts } from '../../../ui/FilterBar';
import { Options } from '../../../ui/Options';

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
  const s = useFilterParts();
  return (
    <PopoverFilter label="Amount" summaryText={amountSummary(min, max, currency)} active={min !== null || max !== null || currency !== null}>
      <FilterField id={`${id}-min`} label="Minimum">
        <AmountInput id={`${id}-min`} value={min} onCommit={(v) => onChange({ min: v })} />
      </FilterField>
      <FilterField id={`${id}-max`} label="Maximum">
        <AmountInput id={`${id}-max`} value={max} onCommit={(v) => onChange({ max: v })} />
      </FilterField>
      <FilterField id={`${id}-currency`} label="Currency">
        <select id={`${id}-currency`} className={s.input} value={currency ?? ''} onChange={(e) => onChange({ currency: e.target.value || null })}>
          <option value="">Any currency</option>
          <Options items={currencies} value={(c) => c} label={(c) => c} />
        </select>
      </FilterField>
      <FilterHint>Only amounts above 0 apply.</FilterHint>
    </PopoverFilter>
  );
}
