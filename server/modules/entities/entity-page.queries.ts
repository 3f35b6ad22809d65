import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { rows, intArray, iso, type Ts, firstRow } from '../../db/sql.js';

/** Reads behind the entity page's network analysis, relationships and geolocation tabs. */

type S = components['schemas'];
type LinkType = S['LinkType'];

/** At most this many links, counterparties, locations; entities named per link. */
export const MAX_ROWS = 50;
const ENTITIES_PER_LINK = 20;

interface LinkRow {
  value: string | null;
  n: number;
  ids: number[];
}

export async function entitySummaries(db: Db, orgId: number, ids: readonly number[]): Promise<Map<number, S['EntitySummary']>> {
  if (!ids.length) return new Map();
  const found = await rows<S['EntitySummary']>(
    db,
    sql`select id, external_id, name_readable, case when entity_type = 'business' then 'business' else 'user' end as entity_type
      from entities where org_id = ${orgId} and id = any(${intArray(ids)})`,
  );
  return new Map(found.map((e) => [e.id, e]));
}

/** Values of one action-event column the entity shares with other entities. */
function sharedEventValue(orgId: number, entityId: number, column: 'ip_address' | 'device_fingerprint'): SQL {
  const col = sql.raw(column);
  return sql`with mine as (select distinct ${col} as v from action_events where org_id = ${orgId} and entity_id = ${entityId} and ${col} is not null)
    select m.v as value, count(distinct a.entity_id)::int as n, (array_agg(distinct a.entity_id))[1:${ENTITIES_PER_LINK}] as ids
    from mine m join action_events a on a.org_id = ${orgId} and a.${col} = m.v and a.entity_id <> ${entityId}
    group by m.v order by n desc, m.v limit ${MAX_ROWS}`;
}

/** Instruments the entity used in its action events that other entities used too (a shared device). */
function sharedInstrument(orgId: number, entityId: number): SQL {
  return sql`with mine as (select distinct instrument_id as v from action_events where org_id = ${orgId} and entity_id = ${entityId} and instrument_id is not null)
    select i.external_id as value, count(distinct a.entity_id)::int as n, (array_agg(distinct a.entity_id))[1:${ENTITIES_PER_LINK}] as ids
    from mine m join action_events a on a.org_id = ${orgId} and a.instrument_id = m.v and a.entity_id <> ${entityId}
    join instruments i on i.org_id = ${orgId} and i.id = m.v
    group by i.external_id order by n desc, i.external_id limit ${MAX_ROWS}`;
}

/** Other entities with the same value in an entity column (email, phone); the value itself is not answered. */
function sharedColumn(orgId: number, entityId: number, column: 'email' | 'phone'): SQL {
  const col = sql.raw(column);
  return sql`select null as value, count(*)::int as n, (array_agg(o.id order by o.name_readable, o.id))[1:${ENTITIES_PER_LINK}] as ids
    from entities me join entities o on o.org_id = me.org_id and o.${col} = me.${col} and o.id <> me.id
    where me.org_id = ${orgId} and me.id = ${entityId} and me.${col} is not null having count(*) > 0`;
}

/** Other entities with the same always-visible address field. */
async function sharedAddress(db: Db, orgId: number, entityId: number): Promise<LinkRow[]> {
  const settings = await rows<{ id: number }>(
    db,
    sql`select id from data_settings where org_id = ${orgId} and matchable and upper(semantic_type) = 'ADDRESS'
      and censorship_setting = 'ALWAYS_VISIBLE' and key_path like 'entity.%' order by id`,
  );
  const found: LinkRow[] = [];
  for (const s of settings) {
    const key = String(s.id);
    found.push(
      ...(await rows<LinkRow>(
        db,
        sql`select me.formatted_data->${key}->>'formatted_value' as value, count(*)::int as n, (array_agg(o.id order by o.name_readable, o.id))[1:${ENTITIES_PER_LINK}] as ids
          from entities me join entities o on o.org_id = me.org_id and o.id <> me.id
            and o.formatted_data->${key}->>'formatted_value' = me.formatted_data->${key}->>'formatted_value'
          where me.org_id = ${orgId} and me.id = ${entityId} group by 1`,
      )),
    );
  }
  return found;
}

export async function entityLinks(db: Db, principal: Principal, entityId: number): Promise<S['EntityLink'][]> {
  const config = await networkAnalysisConfig(db, principal);
  const enabled = new Set(config.matchers.filter((m) => m.enabled).map((m) => m.link_type));
  const orgId = principal.orgId;
  const reads: [LinkType, Promise<LinkRow[]>][] = [];
  if (enabled.has('ip_address')) reads.push(['ip_address', rows<LinkRow>(db, sharedEventValue(orgId, entityId, 'ip_address'))]);
  // Device fingerprints are shown only where the organisation has the fingerprint feature.
  if (enabled.has('client_fingerprint') && principal.featureFlags.has('fingerprint')) {
    reads.push(['client_fingerprint', rows<LinkRow>(db, sharedEventValue(orgId, entityId, 'device_fingerprint'))]);
  }
  if (enabled.has('instrument')) reads.push(['instrument', rows<LinkRow>(db, sharedInstrument(orgId, entityId))]);
  if (enabled.has('address')) reads.push(['address', sharedAddress(db, orgId, entityId)]);
  if (enabled.has('email_address')) reads.push(['email_address', rows<LinkRow>(db, sharedColumn(orgId, entityId, 'email'))]);
  if (enabled.has('phone_number')) reads.push(['phone_number', rows<LinkRow>(db, sharedColumn(orgId, entityId, 'phone'))]);
  const results = await Promise.all(reads.map(async ([type, read]) => (await read).map((r) => ({ type, ...r }))));
  const all = results
    .flat()
    .filter((r) => r.n > 0)
    .sort((a, b) => b.n - a.n)
    .slice(0, MAX_ROWS);
  const names = await entitySummaries(db, orgId, [...new Set(all.flatMap((r) => r.ids))]);
  return all.map((r) => ({
    link_type: r.type,
    value: r.value,
    entity_count: r.n,
    entities: r.ids.flatMap((id) => names.get(id) ?? []).sort((a, b) => a.name_readable.localeCompare(b.name_readable) || a.id - b.id),
  }));
}

export async function entityCounterparties(db: Db, orgId: number, entityId: number): Promise<S['Counterparty'][]> {
  const found = await rows<{ id: number; sent: number; received: number; last: Ts }>(
    db,
    sql`select cp as id, sum(sent)::int as sent, sum(received)::int as received, max(t) as last from (
        select receiver_entity_id as cp, 1 as sent, 0 as received, event_time as t from transactions
          where org_id = ${orgId} and sender_entity_id = ${entityId} and receiver_entity_id is not null and receiver_entity_id <> ${entityId}
        union all
        select sender_entity_id, 0, 1, event_time from transactions
          where org_id = ${orgId} and receiver_entity_id = ${entityId} and sender_entity_id is not null and sender_entity_id <> ${entityId}
      ) x group by cp order by sum(sent) + sum(received) desc, max(t) desc, cp limit ${MAX_ROWS}`,
  );
  const names = await entitySummaries(
    db,
    orgId,
    found.map((r) => r.id),
  );
  return found.flatMap((r) => {
    const entity = names.get(r.id);
    return entity ? [{ entity, sent_count: r.sent, received_count: r.received, last_event_time: iso(r.last) }] : [];
  });
}

export async function entityLocations(db: Db, orgId: number, entityId: number, profile: unknown): Promise<S['EntityLocation'][]> {
  const own: S['EntityLocation'][] = (Array.isArray(profile) ? profile : []).flatMap((g) => {
    const text = typeof g === 'string' ? g : (g as { geolocation_string?: unknown } | null)?.geolocation_string;
    return typeof text === 'string' ? [{ geolocation_string: text, source: 'PROFILE' as const, event_count: 0, ip_addresses: [], last_seen: null }] : [];
  });
  // The action events' location field: an always-visible address-classified setting of action events.
  const setting = await rows<{ id: number }>(
    db,
    sql`select id from data_settings where org_id = ${orgId} and data_classifier = 'ADDRESS' and key_path like 'action_event.%'
      and censorship_setting = 'ALWAYS_VISIBLE' order by id limit 1`,
  );
  if (!setting.length) return own;
  const key = String(setting[0].id);
  const seen = await rows<{ loc: string; n: number; last: Ts; ips: (string | null)[] }>(
    db,
    sql`select formatted_data->${key}->>'formatted_value' as loc, count(*)::int as n, max(event_time) as last,
        (array_agg(distinct ip_address))[1:10] as ips
      from action_events where org_id = ${orgId} and entity_id = ${entityId} and formatted_data->${key}->>'formatted_value' is not null
      group by 1 order by n desc, last desc limit ${MAX_ROWS}`,
  );
  return [
    ...own,
    ...seen.map((r) => ({
      geolocation_string: r.loc,
      source: 'ACTION_EVENT' as const,
      event_count: r.n,
      ip_addresses: r.ips.filter((ip): ip is string => ip !== null),
      last_seen: iso(r.last),
    })),
  ].slice(0, MAX_ROWS);
}

/** Semantic types of matchable data settings and the link types they enable. */
const SEMANTIC_LINKS: Record<string, components['schemas']['LinkType']> = {
  ADDRESS: 'address',
  CLIENT_FINGERPRINT: 'client_fingerprint',
  EMAIL_ADDRESS: 'email_address',
  IP_ADDRESS: 'ip_address',
  PHONE_NUMBER: 'phone_number',
  PHYSICAL_ID: 'physical_id',
  SSN: 'ssn',
  ACCOUNT_NUMBER: 'account_number',
};
const LINK_ORDER: components['schemas']['LinkType'][] = [
  'address',
  'client_fingerprint',
  'email_address',
  'ip_address',
  'phone_number',
  'physical_id',
  'ssn',
  'entity',
  'instrument',
  'custom_field',
  'account_number',
  'entity_and_instrument_relationship',
  'transaction',
];

/** The organisation's one (derived) network analysis configuration. */
export async function networkAnalysisConfig(db: Db, principal: Principal) {
  const settings = await rows<{ semantic_type: string | null; key_type: string }>(
    db,
    sql`select upper(semantic_type) as semantic_type, key_type from data_settings where org_id = ${principal.orgId} and matchable`,
  );
  const facts = await firstRow<{ entities: boolean; instruments: boolean; owned: boolean; transactions: boolean }>(
    db,
    sql`select exists (select 1 from entities where org_id = ${principal.orgId}) as entities,
      exists (select 1 from instruments where org_id = ${principal.orgId}) as instruments,
      exists (select 1 from instruments where org_id = ${principal.orgId} and entity_id is not null) as owned,
      exists (select 1 from transactions where org_id = ${principal.orgId}) as transactions`,
  );
  const enabled = new Set<string>();
  for (const s of settings) {
    const link = s.semantic_type ? SEMANTIC_LINKS[s.semantic_type] : undefined;
    if (link) enabled.add(link);
    else if (s.key_type === 'CUSTOM') enabled.add('custom_field');
  }
  if (facts?.entities) enabled.add('entity');
  if (facts?.instruments) enabled.add('instrument');
  if (facts?.owned) enabled.add('entity_and_instrument_relationship');
  if (facts?.transactions) enabled.add('transaction');
  return { id: 1, name: 'Default', matchers: LINK_ORDER.map((link_type) => ({ link_type, enabled: enabled.has(link_type) })) };
}
