// The options of a native select, one an item: its value and the text that names it.
import type { ReactNode } from 'react';

interface OptionsProps<T> {
  items: readonly T[];
  value: (item: T) => string | number;
  label: (item: T) => ReactNode;
}

export function Options<T>({ items, value, label }: OptionsProps<T>) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
