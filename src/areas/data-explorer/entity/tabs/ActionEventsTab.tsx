// The entity's action events (POST /api/action-events/list with entity_ids), newest first, 100 a
// page. The device fingerprint column is the fingerprint feature.
import { useState } from 'react';
import { Link } from 'wouter';
import { useAgent } from '../../../../app/auth/auth-context';
import { compactTime } from '../../../../lib/time';
import { PAGE_SIZE, useEntityActionEventsQuery } from '../../../../api/entities/queries';
import * as s from '../entity.styles';
import { humanise } from '../entity.utils';
import { Pager, TabEmpty, TabError, TabLoading } from '../parts';
import { RowTable } from '../../../../ui/RowTable';

export const ACTION_EVENTS_FAILED = 'Failed to load the entity’s action events.';

export function ActionEventsTab({ entityId }: { entityId: number }) {
  const agent = useAgent();
  const fingerprint = agent.feature_flags.includes('fingerprint');
  const [offset, setOffset] = useState(0);
  const q = useEntityActionEventsQuery(entityId, offset);
  if (q.isPending) return <TabLoading label="Loading action events" />;
  if (q.isError) return <TabError message={ACTION_EVENTS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.count === 0) return <TabEmpty>No information to display</TabEmpty>;
  return (
    <>
      <div className={s.tableScroll}>
        <RowTable className={s.table} aria-label="Action events">
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Event
              </th>
              <th className={s.th} scope="col">
                Time
              </th>
              <th className={s.th} scope="col">
                Action
              </th>
              <th className={s.th} scope="col">
                Instrument
              </th>
              <th className={s.th} scope="col">
                IP address
              </th>
              {fingerprint ? (
                <th className={s.th} scope="col">
                  Device fingerprint
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {q.data.action_events.map((e) => (
              <tr key={e.id} className={s.tr}>
                <td className={s.td}>
                  <Link href={`/data-explorer/action-events/${e.id}`} className={`${s.rowLink} ${s.mono}`}>
                    {e.external_id}
                  </Link>
                </td>
                <td className={s.td}>{compactTime(e.event_time)}</td>
                <td className={s.td}>{humanise(e.action_type)}</td>
                <td className={s.td}>
                  {e.instrument ? (
                    <Link href={`/instruments/${e.instrument.id}`} className={`${s.rowLink} ${s.mono}`}>
                      {e.instrument.external_id}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={`${s.td} ${s.mono}`}>{e.ip_address ?? '—'}</td>
                {fingerprint ? <td className={`${s.td} ${s.mono}`}>{e.device_fingerprint ?? '—'}</td> : null}
              </tr>
            ))}
          </tbody>
        </RowTable>
      </div>
      <Pager offset={offset} limit={PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Action event pages" />
    </>
  );
}
