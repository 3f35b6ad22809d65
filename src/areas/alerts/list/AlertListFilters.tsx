// The view switch (All alerts, My alerts, By queue) and the filters of the alert list. Every change
// goes to the URL; typed values (dates, amounts) when the field is left or Enter is pressed.
import { useId } from 'react';
import { cx } from '../../../../styled-system/css';
import { button } from '../../../ui/recipes';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import type { AlertStatus } from '../../../api/alerts/queries';
import { STATUS_LABELS } from './alert-format';
import { ALERT_STATUSES, type AlertListState, type AlertView } from './alert-list-url';
import * as s from './alert-list.styles';
import type { FilterOptions, OptionSource } from './use-alert-list-options';
import { OptionsMenu } from './OptionsMenu';
import { AmountInput, FilterBar } from '../../../ui/FilterBar';
import { filterBar, listCells } from '../../../ui/list.recipes';

const cells = listCells();

export type UpdateList = (patch: Partial<AlertListState>, options?: { replace?: boolean }) => void;

const VIEWS: Array<{ view: AlertView; label: string }> = [
  { view: 'all', label: 'All alerts' },
  { view: 'mine', label: 'My alerts' },
  { view: 'queue', label: 'By queue' },
];

export function AlertViews({ state, update, options }: { state: AlertListState; update: UpdateList; options: FilterOptions }) {
  const queueId = state.queueIds[0] ?? null;
  return (
    <div className={filterBar().bar}>
      <div className={s.views} role="group" aria-label="View">
        {VIEWS.map((v) => (
          <button
            key={v.view}
            type="button"
            className={s.viewButton}
            aria-pressed={state.view === v.view}
            onClick={() => update({ view: v.view, queueIds: v.view === 'queue' ? state.queueIds.slice(0, 1) : state.queueIds })}
          >
            {v.label}
          </button>
        ))}
      </div>
      {state.view === 'queue' ? (
        <OptionsMenu
          mode="single"
          variant="chip"
          name="Queue to show"
          trigger={
            <>
              <span className={cells.muted}>Queue</span> <VisuallyHidden>to show:</VisuallyHidden>{' '}
              <strong>{options.queues.options.find((q) => q.value === queueId)?.label ?? (options.queues.loading ? 'Loading…' : 'Choose a queue')}</strong>
            </>
          }
          {...options.queues}
          current={queueId}
          onPick={(value) => update({ queueIds: [Number(value)] })}
        />
      ) : null}
    </div>
  );
}

function DateRange({ state, update }: { state: AlertListState; update: UpdateList }) {
  const id = useId();
  const commit = (key: 'from' | 'to', value: string) => {
    const next = value || null;
    if (next !== state[key]) update({ [key]: next });
  };
  return (
    <div className={cx(s.fieldGroup, (state.from || state.to) && s.fieldActive)} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`}>Created</span>
      <label htmlFor={`${id}-from`}>
        <VisuallyHidden>Created from</VisuallyHidden>
      </label>
      <input
        id={`${id}-from`}
        type="date"
        className={cx(s.inlineInput, s.dateInput)}
        value={state.from ?? ''}
        max={state.to ?? undefined}
        onChange={(e) => commit('from', e.target.value)}
      />
      <span className={s.dash} aria-hidden="true">
        –
      </span>
      <label htmlFor={`${id}-to`}>
        <VisuallyHidden>Created to</VisuallyHidden>
      </label>
      <input
        id={`${id}-to`}
        type="date"
        className={cx(s.inlineInput, s.dateInput)}
        value={state.to ?? ''}
        min={state.from ?? undefined}
        onChange={(e) => commit('to', e.target.value)}
      />
    </div>
  );
}

/** A labelled amount (the label is for screen readers; the placeholder shows Min or Max). */
function Amount({ label, value, onCommit }: { label: string; value: number | null; onCommit: (value: number | null) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>
        <VisuallyHidden>{label}</VisuallyHidden>
      </label>
      <AmountInput
        id={id}
        value={value}
        onCommit={onCommit}
        className={cx(s.inlineInput, s.amountInput)}
        placeholder={label.startsWith('Min') ? 'Min' : 'Max'}
      />
    </>
  );
}

type MultiKey = 'statuses' | 'queueIds' | 'assigneeIds' | 'ruleIds' | 'tagIds';

const STATUS_SOURCE: OptionSource = { options: ALERT_STATUSES.map((st) => ({ value: st, label: STATUS_LABELS[st] })), loading: false, failed: false };

export function AlertFilters({
  state,
  update,
  options,
  filtered,
  onClear,
}: {
  state: AlertListState;
  update: UpdateList;
  options: FilterOptions;
  filtered: boolean;
  onClear: () => void;
}) {
  const id = useId();
  const multi = (key: MultiKey) => (values: Array<number | string>, first: boolean) =>
    update({ [key]: key === 'statuses' ? (values as AlertStatus[]) : values.map(Number) }, { replace: !first });
  const menus: Array<{ key: MultiKey; label: string; source: OptionSource; shown: boolean }> = [
    { key: 'statuses', label: 'Status', source: STATUS_SOURCE, shown: true },
    { key: 'queueIds', label: 'Queue', source: options.queues, shown: state.view !== 'queue' },
    { key: 'assigneeIds', label: 'Assignee', source: options.assignees, shown: state.view !== 'mine' },
    { key: 'ruleIds', label: 'Rule', source: options.rules, shown: true },
    { key: 'tagIds', label: 'Tag', source: options.tags, shown: true },
  ];
  return (
    <FilterBar label="Filters" role="group">
      {menus
        .filter((m) => m.shown)
        .map((m) => (
          <OptionsMenu key={m.key} mode="multi" name={`${m.label} filter`} label={m.label} {...m.source} selected={state[m.key]} onChange={multi(m.key)} />
        ))}
      <DateRange state={state} update={update} />
      <div className={cx(s.fieldGroup, (state.min !== null || state.max !== null) && s.fieldActive)} role="group" aria-labelledby={`${id}-amount`}>
        <span id={`${id}-amount`}>Amount</span>
        <Amount label="Minimum amount" value={state.min} onCommit={(min) => update({ min })} />
        <span className={s.dash} aria-hidden="true">
          –
        </span>
        <Amount label="Maximum amount" value={state.max} onCommit={(max) => update({ max })} />
      </div>
      {filtered ? (
        <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={onClear}>
          Clear filters
        </button>
      ) : null}
    </FilterBar>
  );
}
