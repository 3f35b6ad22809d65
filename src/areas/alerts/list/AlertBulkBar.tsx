// The line above the list: with nothing selected, the count and the keys; with a selection, the bulk
// actions (Assign and Change queue with edit_alerts, Create case with create_cases).
import { button } from '../../../ui/recipes';
import { ListCount } from '../../../ui/ListPage';
import { listPage } from '../../../ui/list.recipes';
import type { AlertListPageModel } from './use-alert-list-page';
import * as s from './alert-list.styles';
import { OptionsMenu } from './OptionsMenu';

function Keys() {
  return (
    <span className={s.keysHint} aria-hidden="true">
      <span>
        <kbd className={s.kbd}>j</kbd> <kbd className={s.kbd}>k</kbd> move
      </span>
      <span>
        <kbd className={s.kbd}>Enter</kbd> open
      </span>
      <span>
        <kbd className={s.kbd}>x</kbd> select
      </span>
    </span>
  );
}

const number = new Intl.NumberFormat('en-US');
const spacer = listPage().spacer;

export function AlertBulkBar({ model, onCreateCase }: { model: AlertListPageModel; onCreateCase: () => void }) {
  const { selected, eligible, canEdit, canCreateCase, options, runBulk, bulkPending, selection, rows } = model;
  if (selected.length === 0) {
    return (
      <div className={s.bulkBarIdle}>
        <ListCount>{rows.count === null ? 'Loading alerts…' : `${number.format(rows.count)} ${rows.count === 1 ? 'alert' : 'alerts'}`}</ListCount>
        <span className={spacer} />
        <Keys />
      </div>
    );
  }
  const locked = selected.length - eligible.length;
  const assign = (value: number | string) => {
    runBulk({ kind: 'assign', agentId: Number(value) });
  };
  const move = (value: number | string) => {
    const id = Number(value);
    runBulk({ kind: 'queue', queueId: id, queueTitle: options.queues.options.find((o) => o.value === id)?.label ?? '' });
  };
  const blocked = eligible.length === 0 || bulkPending;
  return (
    <div className={s.bulkBar} role="region" aria-label="Selected alerts">
      <span className={s.bulkCount} aria-live="polite">
        {`${number.format(selected.length)} selected`}
      </span>
      {canEdit ? (
        <>
          <OptionsMenu mode="single" name="Assign selected alerts" trigger="Assign" {...options.assignees} disabled={blocked} onPick={assign} />
          <OptionsMenu mode="single" name="Change queue of selected alerts" trigger="Change queue" {...options.queues} disabled={blocked} onPick={move} />
        </>
      ) : null}
      {canCreateCase ? (
        <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={onCreateCase} disabled={bulkPending}>
          Create case
        </button>
      ) : null}
      {canEdit && locked > 0 ? <span className={s.bulkNote}>{`${locked} closed or in review: assignment and queue stay as they are`}</span> : null}
      <span className={spacer} />
      <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={selection.clear}>
        Clear selection
      </button>
    </div>
  );
}
