// The alert's updates: its hits, newest first, 10 at a time (spec part 2, section 9), each with the
// counts of new transactions, action events, entities and instruments, the rule's version that
// produced it, and its snapshot values.
import { useState } from 'react';
import { css } from '../../../../../styled-system/css';
import { longTime } from '../../../../lib/time';
import { valueText } from '../../../../../core/rule-conditions';
import { HITS_PAGE_SIZE, useAlertHitsQuery, type AlertHit } from '../../../../api/alerts/queries';
import * as s from '../alert-detail.styles';
import { Pager, TableEmpty, LoadError } from '../../../../ui/DataTable';
import { LoadingState } from '../../../../ui/LoadingState';

/** Not in the spec: the message when the hits cannot be read. */
export const HITS_FAILED = 'Failed to load alert updates.';

const list = css({ listStyle: 'none', m: '0', p: '0' });
const item = css({
  px: '4',
  py: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  layerStyle: 'ruleBelow',
  _last: { borderBottomWidth: '0' },
});
const head = css({ display: 'flex', alignItems: 'baseline', gap: '3', flexWrap: 'wrap', fontSize: 'sm' });
const rule = css({ fontWeight: 'semibold' });
const counts = css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'xs', color: 'muted', m: '0' });
const inline = css({ display: 'inline', m: '0' });
const countValue = css({ color: 'ink', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });
const snapshot = css({ display: 'flex', gap: '2', flexWrap: 'wrap', m: '0' });
const variable = css({ fontSize: 'xs', bg: 'gray.50', borderRadius: 'sm', px: '2', py: '0.5', fontFamily: 'mono' });
const summary = css({ px: '4', py: '2', fontSize: 'sm', color: 'muted', layerStyle: 'ruleBelow' });

function Hit({ hit }: { hit: AlertHit }) {
  const vars = Object.entries(hit.variable_snapshots);
  const pairs: Array<[string, number]> = [
    ['New transactions', hit.new_txn_events_count],
    ['New action events', hit.new_action_events_count],
    ['New entities', hit.new_entities_count],
    ['New instruments', hit.new_instruments_count],
  ];
  return (
    <li className={item}>
      <div className={head}>
        <span className={rule}>{hit.rule_title}</span>
        {hit.rule_version !== null ? <span className={s.subtitle}>{`version ${hit.rule_version}`}</span> : null}
        <time dateTime={hit.created_at}>{longTime(hit.created_at)}</time>
        <span className={s.subtitle}>{`window ends ${longTime(hit.window_end)}`}</span>
      </div>
      <dl className={counts}>
        {pairs.map(([label, n]) => (
          <div key={label}>
            <dt className={inline}>{label}: </dt>
            <dd className={`${inline} ${countValue}`}>{n}</dd>
          </div>
        ))}
      </dl>
      {vars.length > 0 ? (
        <p className={snapshot} aria-label="Snapshot values">
          {vars.map(([k, v]) => (
            <span key={k} className={variable}>{`${k} = ${valueText(v)}`}</span>
          ))}
        </p>
      ) : null}
    </li>
  );
}

export function AlertUpdatesTab({ alertId }: { alertId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useAlertHitsQuery(alertId, offset);
  if (q.isPending) return <LoadingState label="Loading alert updates" />;
  if (q.isError) return <LoadError message={HITS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.count === 0) return <TableEmpty>No information to display</TableEmpty>;
  return (
    <>
      <p className={summary}>{`${q.data.count} ${q.data.count === 1 ? 'update' : 'updates'}`}</p>
      <ol className={list} aria-label="Alert updates">
        {q.data.hits.map((hit) => (
          <Hit key={hit.id} hit={hit} />
        ))}
      </ol>
      <Pager offset={offset} limit={HITS_PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Alert update pages" />
    </>
  );
}
