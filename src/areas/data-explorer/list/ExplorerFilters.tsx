// The toolbars of the two lists. Every change goes to the URL (its own history entry).
import { ACTION_TYPES, DIRECTIONS, TRANSACTION_STATUSES, TXN_TYPES, type Direction, type ExplorerState } from './explorer-url';
import { ACTION_LABELS, STATUS_LABELS, TYPE_LABELS } from './explorer-format';
import { EntityFilter } from './EntityFilter';
import { DateRangeFilter, FilterBar, LinkButton, MultiFilter, SingleFilter, type FilterOption } from '../../../ui/FilterBar';
import { AmountFilter } from './AmountFilter';
import type { UpdateExplorer } from './use-data-explorer-page';

/** The currencies of the native currency data setting. */
export const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'MXN'] as const;

/** Spec part 2, section 3: Any, Sending (OUTBOUND), Receiving (INBOUND), Other. */
export const DIRECTION_LABELS: Record<Direction, string> = { any: 'Any', outbound: 'Sending', inbound: 'Receiving', other: 'Other' };
const DIRECTION_OPTIONS = DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_LABELS[d] }));

type Hide = 'placeholder' | 'spooled';
const HIDE_OPTIONS: FilterOption<Hide>[] = [
  { value: 'placeholder', label: 'Placeholder events' },
  { value: 'spooled', label: 'Spooled events' },
];

interface Props {
  state: ExplorerState;
  update: UpdateExplorer;
  tagOptions: FilterOption<number>[];
  canSearchEntities: boolean;
  filtered: boolean;
  onClear: () => void;
}

function Shared({ state, update, canSearchEntities }: Pick<Props, 'state' | 'update' | 'canSearchEntities'>) {
  return canSearchEntities ? (
    <EntityFilter
      selected={state.entityIds}
      canSearch={canSearchEntities}
      // Without entities a direction means nothing: it goes with the last entity.
      onChange={(entityIds) => update(entityIds.length ? { entityIds } : { entityIds, direction: 'any' })}
    />
  ) : null;
}

function Trailing({ state, update, tagOptions, filtered, onClear }: Pick<Props, 'state' | 'update' | 'tagOptions' | 'filtered' | 'onClear'>) {
  return (
    <>
      <MultiFilter label="Tag" options={tagOptions} selected={state.tagIds} onChange={(tagIds) => update({ tagIds })} emptyText="No tags" />
      <DateRangeFilter
        label="Event time"
        summaryLabel="Date"
        untilWord="to"
        hint="Both days are included."
        from={state.from}
        to={state.to}
        onChange={({ from, to }) => update({ from, to })}
      />
      {filtered ? <LinkButton onClick={onClear}>Clear filters</LinkButton> : null}
    </>
  );
}

export function TransactionFilters(props: Props) {
  const { state, update } = props;
  const noEntity = state.entityIds.length === 0;
  const hidden: Hide[] = [...(state.hidePlaceholder ? (['placeholder'] as const) : []), ...(state.hideSpooled ? (['spooled'] as const) : [])];
  return (
    <FilterBar label="Transaction filters">
      <Shared {...props} />
      <SingleFilter
        label="Direction"
        options={DIRECTION_OPTIONS}
        value={noEntity ? 'any' : state.direction}
        neutral="any"
        disabled={noEntity}
        title={noEntity ? 'Choose an entity to filter by direction' : undefined}
        onChange={(direction) => update({ direction })}
      />
      <AmountFilter min={state.min} max={state.max} currency={state.currency} currencies={CURRENCIES} onChange={(patch) => update(patch)} />
      <MultiFilter
        label="Status"
        options={TRANSACTION_STATUSES.map((v) => ({ value: v, label: STATUS_LABELS[v] }))}
        selected={state.statuses}
        onChange={(statuses) => update({ statuses })}
      />
      <MultiFilter
        label="Type"
        options={TXN_TYPES.map((v) => ({ value: v, label: TYPE_LABELS[v] }))}
        selected={state.types}
        onChange={(types) => update({ types })}
      />
      <MultiFilter
        label="Hide"
        options={HIDE_OPTIONS}
        selected={hidden}
        onChange={(next) => update({ hidePlaceholder: next.includes('placeholder'), hideSpooled: next.includes('spooled') })}
      />
      <Trailing {...props} />
    </FilterBar>
  );
}

export function ActionEventFilters(props: Props) {
  const { state, update } = props;
  return (
    <FilterBar label="Action event filters">
      <Shared {...props} />
      <MultiFilter
        label="Action"
        options={ACTION_TYPES.map((v) => ({ value: v, label: ACTION_LABELS[v] }))}
        selected={state.actionTypes}
        onChange={(actionTypes) => update({ actionTypes })}
      />
      <Trailing {...props} />
    </FilterBar>
  );
}
