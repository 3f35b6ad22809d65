// The entity's action events (POST /api/action-events/list with entity_ids), newest first, 100 a
// page. The device fingerprint column is the fingerprint feature.
import { useState } from 'react';
import { Link } from 'wouter';
import { useAgent } from '../../../../app/auth/auth-context';
import { compactTime } from '../../../../lib/time';
import { PAGE_SIZE, useEntityActionEventsQuery, type ActionEventItem } from '../../../../api/entities/queries';
import { humanise } from '../entity.utils';
import { PagedTable, linkColumn, type Column } from '../../../../ui/DataTable';
import { tableParts as tp } from '../../../../ui/table.recipes';
import { cx } from '../../../../../styled-system/css';

export const ACTION_EVENTS_FAILED = 'Failed to load the entity’s action events.';

const columns = (fingerprint: boolean): Array<Column<ActionEventItem> | false> => [
  linkColumn<ActionEventItem>(
    'Event',
    (e) => `/data-explorer/action-events/${e.id}`,
    (e) => e.external_id,
  ),
  { header: 'Time', cell: (e) => compactTime(e.event_time) },
  { header: 'Action', cell: (e) => humanise(e.action_type) },
  {
    header: 'Instrument',
    cell: (e) =>
      e.instrument ? (
        <Link href={`/instruments/${e.instrument.id}`} className={cx(tp.link, tp.mono)}>
          {e.instrument.external_id}
        </Link>
      ) : (
        '—'
      ),
  },
  { header: 'IP address', mono: true, cell: (e) => e.ip_address ?? '—' },
  fingerprint && { header: 'Device fingerprint', mono: true, cell: (e) => e.device_fingerprint ?? '—' },
];

export function ActionEventsTab({ entityId }: { entityId: number }) {
  const agent = useAgent();
  const fingerprint = agent.feature_flags.includes('fingerprint');
  const [offset, setOffset] = useState(0);
  const q = useEntityActionEventsQuery(entityId, offset);
  return (
    <PagedTable
      query={q}
      rows={(d) => d.action_events}
      rowKey={(e) => e.id}
      columns={columns(fingerprint)}
      aria-label="Action events"
      loading="Loading action events"
      failed={ACTION_EVENTS_FAILED}
      pager={{ offset, limit: PAGE_SIZE, onChange: setOffset, label: 'Action event pages' }}
    />
  );
}
