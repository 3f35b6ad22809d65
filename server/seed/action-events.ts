import { fd, type EntityInfo, type OrgContext, type SeedContext } from './context.js';
import { pad } from './customers.js';
import type { EventRefs } from './events.types.js';
import { Rng, WeightedIndex } from './rng.js';
import { DAY, iso, MINUTE, roundSecond, SEED_NOW, sortedTimes } from './time.js';
import type { Row } from './writer.js';
import { USER_AGENTS } from './words.js';

/**
 * Action events: sign-ins and account changes over the 18 months, mostly from each customer's own
 * device and address, plus the planted device and IP address shared by unrelated customers.
 */

const ACTION_TYPES = [
  ['LOGIN', 60],
  ['FAILED_LOGIN', 10],
  ['ADD_PAYEE', 8],
  ['PROFILE_UPDATE', 7],
  ['PASSWORD_RESET', 5],
  ['ADD_DEVICE', 4],
  ['CHANGE_EMAIL', 3],
  ['CHANGE_PHONE', 3],
] as const;

export async function seedActionEvents(ctx: SeedContext, org: OrgContext, refs: EventRefs): Promise<void> {
  const rng = Rng.named(`${org.key}:action-events`);
  const picker = new WeightedIndex(org.activity);
  const shared = org.sharedDevice!;
  const sharedCustomers = org.entities.filter((e) => e.role === 'shared_device');
  const plantedCount = sharedCustomers.length * 3;
  const n = Math.max(0, org.volumes.actionEvents - plantedCount);
  const times = sortedTimes(rng, n);
  const rowOf = (id: number, e: EntityInfo, time: number, type: string, ip: string, fp: string, instrumentId: number | null, city: string): Row => {
    const data: Record<string, unknown> = {};
    fd(org, data, 'action_event.user_agent', rng.pick(USER_AGENTS));
    fd(org, data, 'action_event.geo_city', city);
    if (type === 'LOGIN')
      fd(
        org,
        data,
        'action_event.login_method',
        rng.weighted([
          ['PASSWORD', 50],
          ['BIOMETRIC', 35],
          ['OTP', 10],
          ['SSO', 5],
        ] as const),
      );
    return {
      id,
      org_id: org.id,
      external_id: `${org.prefix}ae_${pad(id, 8)}`,
      entity_id: e.id,
      instrument_id: instrumentId,
      action_type: type,
      event_time: iso(time),
      ip_address: ip,
      device_fingerprint: fp,
      formatted_data: data,
      created_at: iso(time + 1000),
    };
  };
  const ids = ctx.ids;
  const entities = org.entities;
  function* background(): Generator<Row> {
    for (let i = 0; i < n; i++) {
      const time = times[i];
      let e = entities[picker.pick(rng)];
      for (let k = 0; k < 20 && e.registeredAt > time; k++) e = entities[picker.pick(rng)]!;
      const type = rng.weighted(ACTION_TYPES);
      const usual = rng.chance(0.85);
      const ip = usual ? e.homeIp : `100.${64 + rng.int(0, 63)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
      const ownDevice = rng.chance(0.8);
      const fp = ownDevice ? e.deviceFingerprint : `fp_${rng.hex(16)}`;
      const city = usual ? e.city : rng.pick(org.cities);
      const id = ids.take('action_events');
      if (i % Math.max(1, Math.floor(n / 30)) === 3)
        refs.actionEventSample.push({ id, time, entityIdx: e.idx, instrumentId: ownDevice ? e.deviceId : null, type });
      yield rowOf(id, e, time, type, ip, fp, ownDevice ? e.deviceId : null, `${city.city}, ${city.region}`);
    }
  }
  await ctx.w.insert('action_events', background());

  // The shared device: unrelated customers in different cities sign in from one phone and one IP
  // address within a few weeks, then add payees and change contact details.
  const planted: Row[] = [];
  const windowStart = SEED_NOW - 80 * DAY;
  for (const e of sharedCustomers) {
    refs.sharedDevice.entityIdxs.push(e.idx);
    let t = roundSecond(windowStart + rng.next() * 30 * DAY);
    for (const type of ['LOGIN', 'ADD_PAYEE', rng.pick(['CHANGE_PHONE', 'CHANGE_EMAIL', 'PASSWORD_RESET'] as const)]) {
      const id = ids.take('action_events');
      refs.sharedDevice.events.push({ id, time: t, entityIdx: e.idx, instrumentId: shared.instrumentId, type });
      planted.push(rowOf(id, e, t, type, shared.ip, shared.fingerprint, shared.instrumentId, `${e.city.city}, ${e.city.region}`));
      t += roundSecond(rng.float(3, 40) * MINUTE);
    }
  }
  await ctx.w.insert('action_events', planted);
}
