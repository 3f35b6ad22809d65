// The Shadow results tab: the events the rule failed while it ran in shadow (judged and logged,
// raising nothing), newest event first, a page at a time: the event, whom it concerned, when, the
// rule's version and the variables' values that failed it.
import { useState } from 'react';
import { Link } from 'wouter';
import { valueText } from '../../../../../core/rule-conditions';
import { RULE_HITS_PAGE, useRuleHitsQuery, type Rule, type RuleHit } from '../../../../api/rules/queries';
import { compactTime } from '../../../../lib/time';
import { DataTable, TableEmpty, type Column } from '../../../../ui/DataTable';
import { Loaded } from '../../../../ui/Loaded';
import { button, textLink } from '../../../../ui/recipes';
import { listText as t } from '../../../../ui/WholeList';
import { tableParts } from '../../../../ui/table.recipes';
import * as s from '../../rules.styles';

const eventPath = (hit: RuleHit) =>
  hit.event_type === 'TRANSACTION' ? `/data-explorer/transactions/${hit.event_id}` : `/data-explorer/action-events/${hit.event_id}`;
const subjectPath = (hit: RuleHit) => (hit.subject_type === 'ENTITY' ? `/entities/${hit.subject_id}` : `/instruments/${hit.subject_id}`);

function Variables({ snapshot }: { snapshot: Record<string, unknown> }) {
  const entries = Object.entries(snapshot);
  if (entries.length === 0) return <span className={t.muted}>—</span>;
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

const columns = (subject: string): Column<RuleHit>[] => [
  {
    header: 'Event',
    cell: (hit) => (
      <Link href={eventPath(hit)} className={textLink()}>
        {hit.event_external_id ?? `${hit.event_type === 'TRANSACTION' ? 'Transaction' : 'Action event'} ${hit.event_id}`}
      </Link>
    ),
  },
  {
    header: subject,
    cell: (hit) => (
      <Link href={subjectPath(hit)} className={textLink()}>
        {hit.subject_name ?? `#${hit.subject_id}`}
      </Link>
    ),
  },
  { header: 'Time', cell: (hit) => compactTime(hit.event_time) },
  { header: 'Version', cell: (hit) => hit.rule_version },
  { header: 'Variables', cell: (hit) => <Variables snapshot={hit.variable_snapshot} /> },
];

export function ShadowResultsTab({ rule }: { rule: Rule }) {
  const [offset, setOffset] = useState(0);
  const hits = useRuleHitsQuery(rule.id, { shadow: true, offset });
  return (
    <Loaded query={hits} loading="Loading shadow results" failed="The shadow results could not be loaded.">
      {({ count, hits: list }) => {
        if (count === 0)
          return (
            <TableEmpty>
              {rule.status === 'ACTIVE_SHADOW'
                ? 'No event has failed the rule since it went into shadow.'
                : 'No shadow results. A rule in shadow judges new events and logs its hits here without raising alerts.'}
            </TableEmpty>
          );
        const last = Math.min(offset + list.length, count);
        const step = (to: number, label: string, disabled: boolean) => (
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} disabled={disabled} onClick={() => setOffset(to)}>
            {label}
          </button>
        );
        return (
          <div className={s.frame}>
            <DataTable
              aria-label="Shadow results"
              columns={columns(rule.spec.subject === 'INSTRUMENT' ? 'Instrument' : 'Customer')}
              rows={list}
              rowKey={(hit) => hit.id}
            />
            <div className={tableParts.pager}>
              <span>
                {(offset + 1).toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {count.toLocaleString('en-US')}
              </span>
              {step(Math.max(0, offset - RULE_HITS_PAGE), 'Previous', offset === 0)}
              {step(offset + RULE_HITS_PAGE, 'Next', last >= count)}
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}
