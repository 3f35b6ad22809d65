import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../../lib/time';
import { TagChip } from '../../../../features/work';
import * as w from '../../../../features/work/work.styles';
import { LINKED_PAGE_SIZE, useAlertActionEventsQuery } from '../../../../api/alerts/queries';
import * as s from '../alert-detail.styles';
import { Pager, TabEmpty, TabError, TabLoading } from './tab-parts';
import { RowTable } from '../../../../ui/RowTable';

/** Spec part 2, section 8. */
export const ACTION_EVENTS_FAILED = 'Failed to load alert action events.';

export function ActionEventsTab({ alertId }: { alertId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useAlertActionEventsQuery(alertId, offset);
  if (q.isPending) return <TabLoading label="Loading action events" />;
  if (q.isError) return <TabError message={ACTION_EVENTS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.count === 0) return <TabEmpty>No information to display</TabEmpty>;
  return (
    <>
      <div className={s.tableScroll}>
        <RowTable className={s.table}>
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Event time
              </th>
              <th className={s.th} scope="col">
                Action event
              </th>
              <th className={s.th} scope="col">
                Action type
              </th>
              <th className={s.th} scope="col">
                Tags
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.action_events.map((e) => (
              <tr key={e.id} className={s.tr}>
                <td className={s.td}>{compactTime(e.event_time)}</td>
                <td className={s.td}>
                  <Link href={`/data-explorer/action-events/${e.id}`} className={`${s.rowLink} ${s.mono}`}>
                    {e.external_id}
                  </Link>
                </td>
                <td className={s.td}>{e.action_type}</td>
                <td className={s.td}>
                  {e.tags.length === 0 ? (
                    '—'
                  ) : (
                    <span className={w.tagList}>
                      {e.tags.map((t) => (
                        <TagChip key={t.id} tag={t} />
                      ))}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </RowTable>
      </div>
      <Pager offset={offset} limit={LINKED_PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Action event pages" />
    </>
  );
}
