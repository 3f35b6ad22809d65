// Network analysis (entities sharing a value with this one), relationships (its instruments and
// the entities it transacted with) and geolocation (where it is recorded and where its action
// events came from).
import { Link } from 'wouter';
import type { components } from '../../../../../openapi/schema';
import { compactTime } from '../../../../lib/time';
import {
  useEntityCounterpartiesQuery,
  useEntityInstrumentsQuery,
  useEntityLinksQuery,
  useEntityLocationsQuery,
  type Counterparty,
  type EntityLocation,
} from '../../../../api/entities/queries';
import { NOTHING_TO_DISPLAY } from '../entity.constants';
import * as s from '../entity.styles';
import { humanise } from '../entity.utils';
import { DataTable, TableEmpty, LoadError, linkColumn, type Column } from '../../../../ui/DataTable';
import { tableParts as tp } from '../../../../ui/table.recipes';
import type { Instrument } from '../../../../api/instruments/queries';
import { LoadingState } from '../../../../ui/LoadingState';

export const LINKS_FAILED = 'Failed to load the entity’s network.';
export const RELATIONSHIPS_FAILED = 'Failed to load the entity’s relationships.';
export const LOCATIONS_FAILED = 'Failed to load the entity’s locations.';

const LINK_LABELS: Partial<Record<components['schemas']['LinkType'], string>> = {
  ip_address: 'IP address',
  client_fingerprint: 'Device fingerprint',
  instrument: 'Instrument',
  address: 'Address',
  email_address: 'Email address',
  phone_number: 'Phone number',
};

const INSTRUMENT_COLUMNS: Column<Instrument>[] = [
  linkColumn<Instrument>(
    'Instrument',
    (i) => `/instruments/${i.id}`,
    (i) => i.external_id,
  ),
  { header: 'Type', cell: (i) => humanise(i.instrument_type) },
  { header: 'Status', cell: (i) => humanise(i.status) },
];

const COUNTERPARTY_COLUMNS: Column<Counterparty>[] = [
  {
    header: 'Counterparty',
    cell: (c) => (
      <Link href={`/entities/${c.entity.id}`} className={tp.link}>
        {c.entity.name_readable}
      </Link>
    ),
  },
  { header: 'Sent to', numeric: true, cell: (c) => c.sent_count },
  { header: 'Received from', numeric: true, cell: (c) => c.received_count },
  { header: 'Latest', cell: (c) => compactTime(c.last_event_time) },
];

const LOCATION_COLUMNS: Column<EntityLocation>[] = [
  { header: 'Location', cell: (l) => l.geolocation_string },
  { header: 'Source', cell: (l) => (l.source === 'PROFILE' ? 'Profile' : 'Action events') },
  { header: 'Events', numeric: true, cell: (l) => l.event_count },
  { header: 'IP addresses', mono: true, cell: (l) => l.ip_addresses.join(', ') || '—' },
  { header: 'Last seen', cell: (l) => (l.last_seen ? compactTime(l.last_seen) : '—') },
];

export function NetworkAnalysisTab({ entityId }: { entityId: number }) {
  const q = useEntityLinksQuery(entityId);
  if (q.isPending) return <LoadingState label="Loading the network" />;
  if (q.isError) return <LoadError message={LINKS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.links.length === 0) return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
  return (
    <ul className={s.list} aria-label="Shared values">
      {q.data.links.map((l) => (
        <li key={`${l.link_type}:${l.value ?? ''}`} className={s.listItem}>
          <span>
            <strong>{LINK_LABELS[l.link_type] ?? humanise(l.link_type)}</strong>
            {l.value ? <span className={tp.mono}>{` ${l.value}`}</span> : ' (same value)'}
          </span>
          <span className={s.secondary}>{`Shared with ${l.entity_count} ${l.entity_count === 1 ? 'entity' : 'entities'}`}</span>
          <ul className={s.inlineLinks}>
            {l.entities.map((e) => (
              <li key={e.id}>
                <Link href={`/entities/${e.id}`} className={tp.link}>
                  {e.name_readable}
                </Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

export function RelationshipsTab({ entityId, instrumentsAllowed }: { entityId: number; instrumentsAllowed: boolean }) {
  const instruments = useEntityInstrumentsQuery(entityId, instrumentsAllowed);
  const counterparties = useEntityCounterpartiesQuery(entityId);
  if (counterparties.isPending || (instrumentsAllowed && instruments.isPending)) return <LoadingState label="Loading relationships" />;
  if (counterparties.isError || instruments.isError) {
    return (
      <LoadError
        message={RELATIONSHIPS_FAILED}
        onRetry={() => {
          void counterparties.refetch();
          if (instrumentsAllowed) void instruments.refetch();
        }}
      />
    );
  }
  const owned = instruments.data?.instruments ?? [];
  const parties = counterparties.data.counterparties;
  if (owned.length === 0 && parties.length === 0) return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
  return (
    <>
      {owned.length > 0 ? <DataTable columns={INSTRUMENT_COLUMNS} rows={owned} rowKey={(i) => i.id} aria-label="Instruments" /> : null}
      {parties.length > 0 ? <DataTable columns={COUNTERPARTY_COLUMNS} rows={parties} rowKey={(c) => c.entity.id} aria-label="Counterparties" /> : null}
    </>
  );
}

export function GeolocationTab({ entityId }: { entityId: number }) {
  const q = useEntityLocationsQuery(entityId);
  if (q.isPending) return <LoadingState label="Loading locations" />;
  if (q.isError) return <LoadError message={LOCATIONS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.locations.length === 0) return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
  return <DataTable columns={LOCATION_COLUMNS} rows={q.data.locations} rowKey={(l, i) => `${l.source}:${l.geolocation_string}:${i}`} aria-label="Locations" />;
}
