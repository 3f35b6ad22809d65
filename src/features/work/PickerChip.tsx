// A chip that opens a searchable single-choice list (the assignee and queue pickers). The search
// field is a combobox driving a listbox: arrows move, Enter picks, Esc closes, focus returns to the
// chip. Without the right to change, the chip is plain text.
//
// The chip is named by what it shows, with what it changes said first ("Assignee: Avery Analyst")
// and what pressing it does as its description ("Change assignee"): a name that replaced the face
// (an aria-label) would not contain the visible text (the avatar's initials and the name), and
// people who click by speaking say what they see (WCAG 2.5.3, axe label-content-name-mismatch).
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useEffect, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../../styled-system/css';
import { floating } from '../../ui/recipes';
import { VisuallyHidden } from '../../ui/VisuallyHidden';
import * as s from './work.styles';

export interface PickerOption {
  /** Distinct per option; the picked option's value is handed to onPick. */
  value: number;
  label: string;
  /** Matched by the search as well as the label (an email). */
  detail?: string;
  icon?: ReactNode;
}

interface Props {
  /** What the chip changes, for its accessible name ("Assignee", "Queue"). */
  name: string;
  /** The chip's face: the current value, in words (its accessible name after `name`). */
  children: ReactNode;
  editable: boolean;
  options: readonly PickerOption[];
  selected: number | null;
  loading?: boolean;
  busy?: boolean;
  placeholder: string;
  onPick: (value: number) => void;
}

export function PickerChip({ name, children, editable, options, selected, loading = false, busy = false, placeholder, onPick }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q) || o.detail?.toLowerCase().includes(q)) : options;
  }, [options, query]);

  // Keeps the active option in view as the arrows move through a long list.
  useEffect(() => {
    if (open) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id, shown]);

  if (!editable) {
    return (
      <span className={s.chip} data-static="">
        {children}
      </span>
    );
  }

  const pick = (option: PickerOption | undefined) => {
    if (!option) return;
    setOpen(false);
    if (option.value !== selected) onPick(option.value);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, shown.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(shown[active]);
    }
  };
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => {
        setOpen(d.open);
        if (d.open) {
          setQuery('');
          setActive(
            Math.max(
              0,
              options.findIndex((o) => o.value === selected),
            ),
          );
        }
      }}
      positioning={{ placement: 'bottom-start' }}
      initialFocusEl={() => document.getElementById(`${id}-search`)}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger className={s.chip} aria-describedby={`${id}-hint`} disabled={busy} aria-busy={busy}>
        <VisuallyHidden>{`${name}:`}</VisuallyHidden> {children}
        <span aria-hidden="true" className={s.chipMuted}>
          ▾
        </span>
        <span id={`${id}-hint`} hidden>
          {`Change ${name.toLowerCase()}`}
        </span>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), s.picker)} aria-label={`Change ${name.toLowerCase()}`}>
            <input
              id={`${id}-search`}
              className={s.pickerInput}
              role="combobox"
              aria-label={placeholder}
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={shown.length > 0 ? optionId(Math.min(active, shown.length - 1)) : undefined}
              placeholder={placeholder}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
            <ul id={`${id}-list`} role="listbox" aria-label={name} className={s.pickerList}>
              {shown.map((option, i) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are the search field's (aria-activedescendant), as in a combobox
                <li
                  key={option.value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={option.value === selected}
                  data-active={i === active ? '' : undefined}
                  className={s.pickerOption}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(option)}
                >
                  {option.icon}
                  <span className={s.chipText}>{option.label}</span>
                  {option.value === selected ? (
                    <span className={s.pickerCheck} aria-hidden="true">
                      ✓
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            {shown.length === 0 ? <p className={s.pickerEmpty}>{loading ? 'Loading…' : 'No matches'}</p> : null}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
