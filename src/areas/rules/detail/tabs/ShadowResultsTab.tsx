// The Shadow results tab: the events the rule failed while it ran in shadow (judged and logged,
// raising nothing), newest event first, a page at a time: the event, whom it concerned, when, the
// rule's version and the variables' values that failed it.
import { useState } from 'react';
import { Link } from 'wouter';
import { valueText } from '../../../../../core/rule-conditions';
import { RULE_HITS_PAGE, useRuleHitsQuery, type Rule, type RuleHit } from '../../../../api/rules/queries';
import { compactTime } from '../../../../lib/time';
import { LoadingState } from '../../../../ui/LoadingState';
import { button, textLink } from '../../../../ui/recipes';
import { RowTable } from '../../../../ui/RowTable';
import * as s from '../../rules.styles';

const eventPath = (hit: RuleHit) =>
  hit.event_type === 'TRANSACTION' ? `/data-explorer/transactions/${hit.event_id}` : `/data-explorer/action-events/${hit.event_id}`;
const subjectPath = (hit: RuleHit) => (hit.subject_type === 'ENTITY' ? `/entities/${hit.subject_id}` : `/instruments/${hit.subject_id}`);

function Variables({ snapshot }: { snapshot: Record<string, unknown> }) {
  const entries = Object.entries(snapshot);
  if (entries.length === 0) return <span className={s.muted}>—</span>;
  return (
    <ul className={s.reasons}>
      {entries.map(([name, value]) => (
        <li key={name}>
          <code className={s.code}>{name}</code> = {valueText(value)}
        </li>
      ))}
    </ul>
  );
}

export function ShadowResultsTab({ rule }: { rule: Rule }) {
  const [offset, setOffset] = useState(0);
  const hits = useRuleHitsQuery(rule.id, { shadow: true, offset });
  if (hits.isPending) return <LoadingState label="Loading shadow results" />;
  if (hits.isError)
    return (
      <div className={s.empty} role="alert">
        <p>The shadow results could not be loaded.</p>
        <button type="button" className={textLink()} onClick={() => void hits.refetch()}>
          Retry
        </button>
      </div>
    );
  const { count, hits: list } = hits.data;
  if (count === 0)
    return (
      <p className={s.empty}>
        {rule.status === 'ACTIVE_SHADOW'
          ? 'No event has failed the rule since it went into shadow.'
          : 'No shadow results. A rule in shadow judges new events and logs its hits here without raising alerts.'}
      </p>
    );
  const last = Math.min(offset + list.length, count);
  return (
    <div className={s.tableFrame}>
      <RowTable className={s.table} aria-label="Shadow results">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">{rule.spec.subject === 'INSTRUMENT' ? 'Instrument' : 'Customer'}</th>
            <th scope="col">Time</th>
            <th scope="col">Version</th>
            <th scope="col">Variables</th>
          </tr>
        </thead>
        <tbody>
          {list.map((hit) => (
            <tr key={hit.id}>
              <td>
                <Link href={eventPath(hit)} className={textLink()}>
                  {hit.event_external_id ?? `${hit.event_type === 'TRANSACTION' ? 'Transaction' : 'Action event'} ${hit.event_id}`}
                </Link>
              </td>
              <td>
                <Link href={subjectPath(hit)} className={textLink()}>
                  {hit.subject_name ?? `#${hit.subject_id}`}
                </Link>
              </td>
              <td>{compactTime(hit.event_time)}</td>
              <td>{hit.rule_version}</td>
              <td>
                <Variables snapshot={hit.variable_snapshot} />
              </td>
            </tr>
          ))}
        </tbody>
      </RowTable>
      <div className={s.pager}>
        <span>
          {(offset + 1).toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {count.toLocaleString('en-US')}
        </span>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - RULE_HITS_PAGE))}
        >
          Previous
        </button>
        <button
          type="button"
          className={button({ variant: 'secondary', size: 'sm' })}
          disabled={last >= count}
          onClick={() => setOffset(offset + RULE_HITS_PAGE)}
        >
          Next
        </button>
      </div>
    </div>
  );
}
