// Network analysis (entities sharing a value with this one), relationships (its instruments and
// the entities it transacted with) and geolocation (where it is recorded and where its action
// events came from).
import { Link } from 'wouter';
import type { components } from '../../../../../openapi/schema';
import { compactTime } from '../../../../lib/time';
import { useEntityCounterpartiesQuery, useEntityInstrumentsQuery, useEntityLinksQuery, useEntityLocationsQuery } from '../../../../api/entities/queries';
import { NOTHING_TO_DISPLAY } from '../entity.constants';
import * as s from '../entity.styles';
import { humanise } from '../entity.utils';
import { TabEmpty, TabError, TabLoading } from '../parts';
import { RowTable } from '../../../../ui/RowTable';

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

export function NetworkAnalysisTab({ entityId }: { entityId: number }) {
  const q = useEntityLinksQuery(entityId);
  if (q.isPending) return <TabLoading label="Loading the network" />;
  if (q.isError) return <TabError message={LINKS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.links.length === 0) return <TabEmpty>{NOTHING_TO_DISPLAY}</TabEmpty>;
  return (
    <ul className={s.list} aria-label="Shared values">
      {q.data.links.map((l) => (
        <li key={`${l.link_type}:${l.value ?? ''}`} className={s.listItem}>
          <span>
            <strong>{LINK_LABELS[l.link_type] ?? humanise(l.link_type)}</strong>
            {l.value ? <span className={s.mono}>{` ${l.value}`}</span> : ' (same value)'}
          </span>
          <span className={s.secondary}>{`Shared with ${l.entity_count} ${l.entity_count === 1 ? 'entity' : 'entities'}`}</span>
          <ul className={s.inlineLinks}>
            {l.entities.map((e) => (
              <li key={e.id}>
                <Link href={`/entities/${e.id}`} className={s.rowLink}>
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
  if (counterparties.isPending || (instrumentsAllowed && instruments.isPending)) return <TabLoading label="Loading relationships" />;
  if (counterparties.isError || instruments.isError) {
    return (
      <TabError
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
  if (owned.length === 0 && parties.length === 0) return <TabEmpty>{NOTHING_TO_DISPLAY}</TabEmpty>;
  return (
    <>
      {owned.length > 0 ? (
        <div className={s.tableScroll}>
          <RowTable className={s.table} aria-label="Instruments">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  Instrument
                </th>
                <th className={s.th} scope="col">
                  Type
                </th>
                <th className={s.th} scope="col">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {owned.map((i) => (
                <tr key={i.id} className={s.tr}>
                  <td className={s.td}>
                    <Link href={`/instruments/${i.id}`} className={`${s.rowLink} ${s.mono}`}>
                      {i.external_id}
                    </Link>
                  </td>
                  <td className={s.td}>{humanise(i.instrument_type)}</td>
                  <td className={s.td}>{humanise(i.status)}</td>
                </tr>
              ))}
            </tbody>
          </RowTable>
        </div>
      ) : null}
      {parties.length > 0 ? (
        <div className={s.tableScroll}>
          <RowTable className={s.table} aria-label="Counterparties">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  Counterparty
                </th>
                <th className={`${s.th} ${s.num}`} scope="col">
                  Sent to
                </th>
                <th className={`${s.th} ${s.num}`} scope="col">
                  Received from
                </th>
                <th className={s.th} scope="col">
                  Latest
                </th>
              </tr>
            </thead>
            <tbody>
              {parties.map((c) => (
                <tr key={c.entity.id} className={s.tr}>
                  <td className={s.td}>
                    <Link href={`/entities/${c.entity.id}`} className={s.rowLink}>
                      {c.entity.name_readable}
                    </Link>
                  </td>
                  <td className={`${s.td} ${s.num}`}>{c.sent_count}</td>
                  <td className={`${s.td} ${s.num}`}>{c.received_count}</td>
                  <td className={s.td}>{compactTime(c.last_event_time)}</td>
                </tr>
              ))}
            </tbody>
          </RowTable>
        </div>
      ) : null}
    </>
  );
}

export function GeolocationTab({ entityId }: { entityId: number }) {
  const q = useEntityLocationsQuery(entityId);
  if (q.isPending) return <TabLoading label="Loading locations" />;
  if (q.isError) return <TabError message={LOCATIONS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.locations.length === 0) return <TabEmpty>{NOTHING_TO_DISPLAY}</TabEmpty>;
  return (
    <div className={s.tableScroll}>
      <RowTable className={s.table} aria-label="Locations">
        <thead>
          <tr>
            <th className={s.th} scope="col">
              Location
            </th>
            <th className={s.th} scope="col">
              Source
            </th>
            <th className={`${s.th} ${s.num}`} scope="col">
              Events
            </th>
            <th className={s.th} scope="col">
              IP addresses
            </th>
            <th className={s.th} scope="col">
              Last seen
            </th>
          </tr>
        </thead>
        <tbody>
          {q.data.locations.map((l, i) => (
            <tr key={`${l.source}:${l.geolocation_string}:${i}`} className={s.tr}>
              <td className={s.td}>{l.geolocation_string}</td>
              <td className={s.td}>{l.source === 'PROFILE' ? 'Profile' : 'Action events'}</td>
              <td className={`${s.td} ${s.num}`}>{l.event_count}</td>
              <td className={`${s.td} ${s.mono}`}>{l.ip_addresses.join(', ') || '—'}</td>
              <td className={s.td}>{l.last_seen ? compactTime(l.last_seen) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </RowTable>
    </div>
  );
}
