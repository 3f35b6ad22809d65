// A button that opens a short searchable list: several values for a filter (checkboxes), or one
// pick for an action (Assign, Change queue, the queue of the "By queue" view).
//
// The button is named by what it shows, completed by words only a screen reader says ("Status
// [filter:] Any", "Assign [selected alerts]"): a name given apart from the face would not contain
// the visible text, and people who click by speaking say what they see (WCAG 2.5.3, axe
// label-content-name-mismatch). The spaces between the parts are text of their own, so every
// accessible-name computation puts them in.
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from '../../../../styled-system/css';
import { button, floating, textLink } from '../../../ui/recipes';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import * as s from './options-menu.styles';

export interface MenuOption {
  value: number | string;
  label: string;
  /** Shown muted on the right (a count, "you"). */
  hint?: string;
  /** A colour dot before the label (tags). */
  swatch?: string;
}

interface Common {
  /** The accessible name of the button and the popover: "Status filter", "Assign selected alerts". */
  name: string;
  options: MenuOption[];
  loading?: boolean;
  /** Said when the options could not be loaded. */
  failed?: boolean;
  disabled?: boolean;
  /** Search box above the list once the list is longer than this. */
  searchFrom?: number;
}

type Props =
  | (Common & {
      mode: 'multi';
      /** Visible label ("Status") before the chosen values. */
      label: string;
      selected: ReadonlyArray<number | string>;
      /** `first` is true for the first change since opening: later ones replace its history entry. */
      onChange: (values: Array<number | string>, first: boolean) => void;
    })
  | (Common & {
      mode: 'single';
      /**
       * The button's content ("Assign"), which names it. A text that begins `name` is completed by
       * the rest of it for screen readers ("Assign selected alerts"); other content names the
       * button itself.
       */
      trigger: ReactNode;
      current?: number | string | null;
      onPick: (value: number | string) => void;
      variant?: 'chip' | 'button';
    });

/** The words of `name` after `shown`, when `name` begins with it ("Status filter" after "Status"). */
function rest(name: string, shown: string): string | null {
  return name.toLowerCase().startsWith(shown.toLowerCase()) ? name.slice(shown.length).trim() || null : null;
}

function summary(options: MenuOption[], selected: ReadonlyArray<number | string>): string {
  if (selected.length === 0) return 'Any';
  const labels = selected.map((v) => options.find((o) => o.value === v)?.label ?? String(v));
  return labels.length <= 2 ? labels.join(', ') : `${labels[0]} +${labels.length - 1}`;
}

export function OptionsMenu(props: Props) {
  const { name, options, loading, failed, disabled, searchFrom = 8 } = props;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const changed = useRef(false);
  const id = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  }, [options, query]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery('');
    changed.current = false;
  };

  const multi = props.mode === 'multi';
  const active = multi && props.selected.length > 0;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => onOpenChange(d.open)}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
      initialFocusEl={() => document.getElementById(`${id}-first`)}
    >
      <Popover.Trigger
        className={multi || props.variant === 'chip' ? s.trigger : button({ variant: 'secondary', size: 'sm' })}
        data-active={active}
        disabled={disabled}
      >
        {multi ? (
          <>
            <span className={s.triggerLabel}>{props.label}</span> <VisuallyHidden>{`${rest(name, props.label) ?? name}:`}</VisuallyHidden>{' '}
            <span className={s.triggerValue}>{summary(options, props.selected)}</span>
          </>
        ) : typeof props.trigger === 'string' && rest(name, props.trigger) ? (
          <>
            {props.trigger} <VisuallyHidden>{rest(name, props.trigger)}</VisuallyHidden>
          </>
        ) : (
          props.trigger
        )}
        <span className={s.caret} aria-hidden="true">
          ▼
        </span>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), s.content)} aria-label={name}>
            {options.length > searchFrom ? (
              <input
                id={`${id}-first`}
                type="search"
                className={s.search}
                placeholder="Search"
                aria-label={`Search: ${name}`}
                value={query}
                onChange={(e) => setQuery(e.target.value)}
              />
            ) : null}
            {loading ? (
              <p className={s.note}>Loading…</p>
            ) : failed ? (
              <p className={s.note}>The options could not be loaded.</p>
            ) : shown.length === 0 ? (
              <p className={s.note}>No matches.</p>
            ) : (
              <ul className={s.list} aria-label={name}>
                {shown.map((o, i) => {
                  const firstId = i === 0 && options.length <= searchFrom ? `${id}-first` : undefined;
                  const body = (
                    <>
                      {o.swatch ? <span className={s.swatch} style={{ background: o.swatch }} aria-hidden="true" /> : null}
                      <span className={s.optionText}>{o.label}</span>
                      {o.hint ? <span className={s.hint}>{o.hint}</span> : null}
                    </>
                  );
                  if (props.mode === 'multi') {
                    const checked = props.selected.includes(o.value);
                    return (
                      <li key={o.value}>
                        <label className={s.option}>
                          <input
                            id={firstId}
                            type="checkbox"
                            className={s.check}
                            checked={checked}
                            onChange={() => {
                              const next = checked ? props.selected.filter((v) => v !== o.value) : [...props.selected, o.value];
                              props.onChange(next, !changed.current);
                              changed.current = true;
                            }}
                          />
                          {body}
                        </label>
                      </li>
                    );
                  }
                  return (
                    <li key={o.value}>
                      <button
                        id={firstId}
                        type="button"
                        className={s.option}
                        aria-current={props.current === o.value ? 'true' : undefined}
                        onClick={() => {
                          onOpenChange(false);
                          props.onPick(o.value);
                        }}
                      >
                        {body}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
            {props.mode === 'multi' ? (
              <div className={s.foot}>
                <button
                  type="button"
                  className={cx(textLink(), s.clear)}
                  disabled={props.selected.length === 0}
                  onClick={() => {
                    props.onChange([], !changed.current);
                    changed.current = true;
                  }}
                >
                  Clear
                </button>
                <Popover.CloseTrigger className={button({ variant: 'secondary', size: 'sm' })}>Done</Popover.CloseTrigger>
              </div>
            ) : null}
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
