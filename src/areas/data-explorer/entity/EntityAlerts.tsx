// The alerts that flag the entity (or the instrument): the paginated-alerts calls, 100 a page
// (spec part 2, section 7), newest first. Shown to agents who may read alerts.
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { compactTime } from '../../../lib/time';
import { StatusBadge } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { PAGE_SIZE, type AlertItem } from '../../../api/entities/queries';
import * as s from './entity.styles';
import { Pager, TabEmpty, TabError, TabLoading } from './parts';

export const ALERTS_FAILED = 'Failed to load alerts.';

interface Props {
  query: UseQueryResult<{ count: number; alerts: AlertItem[] }>;
  offset: number;
  onOffset: (offset: number) => void;
}

export function AlertsSection({ query: q, offset, onOffset }: Props) {
  return (
    <section className={w.section} aria-labelledby="linked-alerts-title">
      <header className={w.sectionHeader}>
        <h2 id="linked-alerts-title" className={w.sectionTitle}>
          {`Alerts${q.data ? ` (${q.data.count})` : ''}`}
        </h2>
      </header>
      {q.isPending ? (
        <TabLoading label="Loading alerts" />
      ) : q.isError ? (
        <TabError message={ALERTS_FAILED} onRetry={() => void q.refetch()} />
      ) : q.data.count === 0 ? (
        <TabEmpty>No information to display</TabEmpty>
      ) : (
        <>
          <ul className={s.list} aria-label="Alerts">
            {q.data.alerts.map((a) => (
              <li key={a.id} className={s.listItem}>
                <Link href={`/alerts/${a.id}`} className={s.rowLink}>
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
    </section>
  );
}
