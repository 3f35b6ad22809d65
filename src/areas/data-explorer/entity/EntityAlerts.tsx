// The alerts that flag the entity (or the instrument): the paginated-alerts calls, 100 a page
// (spec part 2, section 7), newest first. Shown to agents who may read alerts.
import { Section } from '../../../ui/Section';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { compactTime } from '../../../lib/time';
import { StatusBadge } from '../../../features/work';
import { PAGE_SIZE, type AlertItem } from '../../../api/entities/queries';
import * as s from './entity.styles';
import { tableParts as tp } from '../../../ui/table.recipes';
import { Pager, TableEmpty, LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';

export const ALERTS_FAILED = 'Failed to load alerts.';

interface Props {
  query: UseQueryResult<{ count: number; alerts: AlertItem[] }>;
  offset: number;
  onOffset: (offset: number) => void;
}

export function AlertsSection({ query: q, offset, onOffset }: Props) {
  return (
    <Section id="linked-alerts-title" title={`Alerts${q.data ? ` (${q.data.count})` : ''}`} bare>
      {q.isPending ? (
        <LoadingState label="Loading alerts" />
      ) : q.isError ? (
        <LoadError message={ALERTS_FAILED} onRetry={() => void q.refetch()} />
      ) : q.data.count === 0 ? (
        <TableEmpty>No information to display</TableEmpty>
      ) : (
        <>
          <ul className={s.list} aria-label="Alerts">
            {q.data.alerts.map((a) => (
              <li key={a.id} className={s.listItem}>
                <Link href={`/alerts/${a.id}`} className={tp.link}>
                  {`${a.id} · ${a.title}`}
                </Link>
                <span className={s.secondary}>
                  <StatusBadge status={a.status} /> {compactTime(a.created_at)}
                </span>
              </li>
            ))}
          </ul>
          <Pager offset={offset} limit={PAGE_SIZE} count={q.data.count} onChange={onOffset} label="Alert pages" />
        </>
      )}
    </Section>
  );
}
