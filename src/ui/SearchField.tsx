// The search field above a list of people, settings or permissions: it filters as the agent types.
import { searchInput } from './recipes';

interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The field's accessible name. */
  label: string;
  placeholder: string;
  className?: string;
}

export function SearchField({ value, onChange, label, placeholder, className = searchInput() }: SearchFieldProps) {
  return <input type="search" className={className} placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}
