import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { CENSORED_VALUE } from '../../domain/censorship/mask.js';
import { mayReadSetting, plainValue, principalTeamIds, type CensorshipSetting } from '../../domain/censorship/access.js';
import { scalarText } from '../../../core/scalar-text.js';

/**
 * Device signals of an action event: what the event's device, network and place say when set
 * against the customer's own earlier events and everyone else's up to the event. Every lookup uses
 * the (org_id, entity_id, event_time), (org_id, device_fingerprint) or (org_id, ip_address) index.
 */

type S = components['schemas'];

const EMULATOR = /emulator|sdk_gphone|android sdk built for|genymotion|bluestacks/i;
const AUTOMATED = /headlesschrome|phantomjs|selenium|puppeteer|playwright|webdriver/i;
/** Earlier events with a location needed before a place can be called unfamiliar. */
const MIN_LOCATION_HISTORY = 3;

interface SettingRow extends CensorshipSetting {
  id: number;
  key_path: string;
}

interface EventRow {
  id: number;
  entity_id: number | null;
  ip_address: string | null;
  device_fingerprint: string | null;
  location: string | null;
  user_agent: string | null;
  earlier_same_device: boolean;
  earlier_same_ip: boolean;
  other_device_customers: number;
  other_ip_customers: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function deviceSignals(db: Db, principal: Principal, id: number): Promise<S['DeviceSignals']> {
  const org = principal.orgId;
  const [settings, teamIds] = await Promise.all([
    rows<SettingRow>(
      db,
      sql`select id, key_path, censorship_setting, team_ids_with_censorship_read_permission as team_ids,
        agent_ids_with_censorship_read_permission as agent_ids from data_settings
        where org_id = ${org} and key_path in ('action_event.ip_address', 'action_event.device_fingerprint', 'action_event.geo_city', 'action_event.user_agent')`,
    ),
    principalTeamIds(db, principal),
  ]);
  const setting = (keyPath: string) => settings.find((s) => s.key_path === keyPath);
  const readable = (keyPath: string) => {
    const s = setting(keyPath);
    return !s || mayReadSetting(principal, teamIds, s);
  };
  // custom fields live in formatted_data under their setting's id; '-1' reads nothing when absent
  const key = (keyPath: string) => String(setting(keyPath)?.id ?? -1);

  const e = await firstRow<EventRow>(
    db,
    sql`select e.id, e.entity_id, e.ip_address, e.device_fingerprint,
      e.formatted_data -> ${key('action_event.geo_city')} ->> 'formatted_value' as location,
      e.formatted_data -> ${key('action_event.user_agent')} ->> 'formatted_value' as user_agent,
      exists (select 1 from action_events p where p.org_id = e.org_id and p.entity_id = e.entity_id
        and p.device_fingerprint = e.device_fingerprint and (p.event_time, p.id) < (e.event_time, e.id)) as earlier_same_device,
      exists (select 1 from action_events p where p.org_id = e.org_id and p.entity_id = e.entity_id
        and p.ip_address = e.ip_address and (p.event_time, p.id) < (e.event_time, e.id)) as earlier_same_ip,
      (select count(distinct p.entity_id)::int from action_events p where p.org_id = e.org_id and p.device_fingerprint = e.device_fingerprint
        and p.entity_id <> e.entity_id and p.event_time <= e.event_time) as other_device_customers,
      (select count(distinct p.entity_id)::int from action_events p where p.org_id = e.org_id and p.ip_address = e.ip_address
        and p.entity_id <> e.entity_id and p.event_time <= e.event_time) as other_ip_customers
    from action_events e where e.org_id = ${org} and e.id = ${id}`,
  );
  if (!e) throw notFound('Action event');

  const places = e.entity_id
    ? await rows<{ location: string; n: number }>(
        db,
        sql`select p.formatted_data -> ${key('action_event.geo_city')} ->> 'formatted_value' as location, count(*)::int as n
          from action_events p where p.org_id = ${org} and p.entity_id = ${e.entity_id}
            and (p.event_time, p.id) < (select x.event_time, x.id from action_events x where x.org_id = ${org} and x.id = ${e.id})
            and (p.formatted_data -> ${key('action_event.geo_city')}) is not null
          group by 1 order by 2 desc, 1 limit 50`,
      )
    : [];
  const history = places.reduce((sum, p) => sum + p.n, 0);
  const usual = places[0]?.location ?? null;
  const unfamiliar = Boolean(e.location && usual && history >= MIN_LOCATION_HISTORY && e.location !== usual);
  const locationVisible = readable('action_event.geo_city');
  const hasDevice = Boolean(e.device_fingerprint && e.entity_id);
  const hasIp = Boolean(e.ip_address && e.entity_id);
  // encrypted values (ENCRYPTED settings) are read in clear here only; they never leave as such
  const ua = readable('action_event.user_agent') ? scalarText(plainValue(e.user_agent)) : '';

  const signals: S['DeviceSignal'][] = [
    {
      key: 'new_device',
      label: 'New device',
      detected: hasDevice && !e.earlier_same_device,
      detail: hasDevice && !e.earlier_same_device ? 'First event from this device for the customer' : null,
    },
    {
      key: 'shared_device',
      label: 'Device shared with other customers',
      detected: e.other_device_customers > 0,
      detail: e.other_device_customers > 0 ? `Used by ${plural(e.other_device_customers, 'other customer', 'other customers')}` : null,
    },
    {
      key: 'new_ip_address',
      label: 'New IP address',
      detected: hasIp && !e.earlier_same_ip,
      detail: hasIp && !e.earlier_same_ip ? 'First event from this IP address for the customer' : null,
    },
    {
      key: 'shared_ip_address',
      label: 'IP address shared with other customers',
      detected: e.other_ip_customers > 0,
      detail: e.other_ip_customers > 0 ? `Used by ${plural(e.other_ip_customers, 'other customer', 'other customers')}` : null,
    },
    {
      key: 'unfamiliar_location',
      label: 'Unfamiliar location',
      detected: unfamiliar,
      detail: unfamiliar ? (locationVisible ? `Usually ${scalarText(plainValue(usual), CENSORED_VALUE)}` : CENSORED_VALUE) : null,
    },
    { key: 'emulator', label: 'Emulator', detected: EMULATOR.test(ua), detail: null },
    { key: 'automated_browser', label: 'Automated browser', detected: AUTOMATED.test(ua), detail: null },
  ];
  const mask = (keyPath: string, value: string | null) => (value !== null && !readable(keyPath) ? CENSORED_VALUE : value);
  return {
    action_event_id: e.id,
    ip_address: mask('action_event.ip_address', e.ip_address),
    device_fingerprint: mask('action_event.device_fingerprint', e.device_fingerprint),
    signals,
  };
}
