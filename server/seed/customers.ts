import { fd, type EntityInfo, type InstrumentInfo, type OrgContext, type SeedContext } from './context.js';
import { Rng } from './rng.js';
import { DAY, iso, roundSecond, SEED_NOW, SEED_START } from './time.js';
import type { Row } from './writer.js';
import {
  BUSINESS_FIRST,
  BUSINESS_SECOND,
  BUSINESS_SUFFIX,
  FIRST_NAMES,
  FRAUD_CATEGORIES,
  INDUSTRIES,
  LAST_NAMES,
  OCCUPATIONS,
  ORG_TYPES,
  STREETS,
} from './words.js';

/** Entities (customers) and their instruments, with the customers of the planted patterns chosen up front. */

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^\p{ASCII}]/gu, '')
    .replace(/[^a-zA-Z0-9]+/g, '')
    .toLowerCase();

export async function seedCustomers(ctx: SeedContext, org: OrgContext): Promise<void> {
  const v = org.volumes;
  const rng = Rng.named(`${org.key}:customers`);
  const n = v.entities;
  const types: ('user' | 'business')[] = Array.from({ length: n }, (_, i) => (i === 1 || (i !== 0 && rng.chance(v.businessShare)) ? 'business' : 'user'));

  // The planted patterns' customers: structuring (users or cash-intensive businesses), mule chains
  // of three users each, and the unrelated users behind the shared device.
  const roles = new Array<EntityInfo['role']>(n).fill('normal');
  const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  let structuring = v.structuringCustomers;
  let mules = v.muleChains * 3;
  let shared = v.sharedDeviceCustomers;
  for (const i of order) {
    if (structuring > 0) {
      roles[i] = 'structuring';
      structuring--;
    } else if (types[i] === 'user' && mules > 0) {
      roles[i] = 'mule';
      mules--;
    } else if (types[i] === 'user' && shared > 0) {
      roles[i] = 'shared_device';
      shared--;
    }
  }

  const entityRows: Row[] = [];
  const activity = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const type = types[i];
    const role = roles[i];
    const id = ctx.ids.take('entities');
    const cityIndex = rng.int(0, org.cities.length - 1);
    const city = org.cities[cityIndex];
    let name: string;
    let email: string;
    if (type === 'user') {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      name = `${first} ${last}`;
      email = `${ascii(first)}.${ascii(last)}${rng.int(1, 999)}@example.com`;
    } else {
      const base = `${rng.pick(BUSINESS_FIRST)} ${rng.pick(BUSINESS_SECOND)}`;
      name = `${base} ${rng.pick(BUSINESS_SUFFIX)}`;
      email = `accounts@${ascii(base)}.example`;
    }
    // Most customers predate the data window; mules are new accounts opened shortly before use.
    let registeredAt: number;
    if (role === 'mule') registeredAt = SEED_NOW - rng.int(40, 200) * DAY;
    else if (rng.chance(0.2)) registeredAt = SEED_START + rng.next() * (SEED_NOW - SEED_START - DAY);
    else registeredAt = SEED_START - rng.next() * 6 * 365 * DAY;
    registeredAt = roundSecond(registeredAt);
    const status =
      role !== 'normal'
        ? 'ACTIVE'
        : rng.weighted([
            ['ACTIVE', 90],
            ['SUSPENDED', 4],
            ['BLOCKED', 3],
            ['CLOSED', 3],
          ] as const);
    const blockedReasons = status === 'BLOCKED' ? rng.sample(FRAUD_CATEGORIES, rng.int(1, 2)) : [];
    const internalStatus = status === 'BLOCKED' ? 'BLOCKED' : role !== 'normal' ? 'UNDER_REVIEW' : rng.chance(0.02) ? 'WATCHLIST' : 'NORMAL';
    const externalId = `${org.prefix}${type === 'user' ? 'cust' : 'biz'}_${pad(i + 1, 6)}`;
    const kycLevel =
      type === 'business'
        ? rng.weighted([
            ['STANDARD', 60],
            ['ENHANCED', 40],
          ] as const)
        : rng.weighted([
            ['BASIC', 30],
            ['STANDARD', 60],
            ['ENHANCED', 10],
          ] as const);
    const isPep = type === 'user' && rng.chance(0.01);
    const data: Record<string, unknown> = {};
    fd(org, data, 'entity.address', `${rng.int(10, 9899)} ${rng.pick(STREETS)}, ${city.city}, ${city.region}`);
    fd(org, data, 'entity.kyc_level', kycLevel);
    fd(org, data, 'entity.crm_profile', externalId);
    if (type === 'user') {
      const birth = Date.UTC(1945 + rng.int(0, 60), rng.int(0, 11), rng.int(1, 28));
      fd(org, data, 'entity.date_of_birth', iso(birth).slice(0, 10));
      fd(org, data, 'entity.ssn_last4', pad(rng.int(1, 9999), 4));
      fd(org, data, 'entity.occupation', rng.pick(OCCUPATIONS));
      fd(org, data, 'entity.annual_income', Math.round(rng.logNormal(62000, 0.6) / 100) * 100);
      fd(org, data, 'entity.is_pep', isPep);
    } else {
      fd(org, data, 'entity.industry', role === 'structuring' ? 'Retail' : rng.pick(INDUSTRIES));
      fd(org, data, 'entity.tax_id', `${pad(rng.int(10, 99), 2)}-${pad(rng.int(0, 9999999), 7)}`);
    }
    const geolocations = [{ geolocation_string: `${city.city}, ${city.region}, ${city.country}`, latitude: city.lat, longitude: city.lon }];
    if (rng.chance(0.15)) {
      const other = rng.pick(org.cities);
      if (other !== city)
        geolocations.push({ geolocation_string: `${other.city}, ${other.region}, ${other.country}`, latitude: other.lat, longitude: other.lon });
    }
    const lastSeen = status === 'CLOSED' ? registeredAt + rng.int(30, 300) * DAY : SEED_NOW - rng.next() * 30 * DAY;
    const blockedAt = status === 'BLOCKED' ? roundSecond(SEED_NOW - rng.next() * 200 * DAY) : null;
    entityRows.push({
      id,
      org_id: org.id,
      external_id: externalId,
      entity_type: type,
      name_readable: name,
      status,
      internal_status: internalStatus,
      formatted_data: data,
      blocked_reasons: blockedReasons,
      geolocations,
      email,
      phone: `+1-${rng.int(201, 989)}-555-${pad(rng.int(0, 9999), 4)}`,
      created_at: iso(registeredAt),
      last_seen: iso(roundSecond(Math.min(lastSeen, SEED_NOW))),
      registered_at: iso(registeredAt),
      last_blocked_at: blockedAt === null ? null : iso(blockedAt),
      org_type: type === 'business' ? rng.pick(ORG_TYPES) : null,
      action_reason: status === 'BLOCKED' || status === 'SUSPENDED' ? (blockedReasons[0] ?? rng.pick(FRAUD_CATEGORIES)) : null,
    });
    activity[i] = type === 'business' ? rng.logNormal(3, 0.8) : rng.logNormal(1, 0.8);
    if (status === 'CLOSED') activity[i] *= 0.1;
    org.entities.push({
      idx: i,
      id,
      external_id: externalId,
      name,
      type,
      status,
      city,
      cityIndex,
      registeredAt,
      accountId: 0,
      cardIds: [],
      deviceId: null,
      deviceFingerprint: `fp_${rng.hex(16)}`,
      walletIds: [],
      bankAccountIds: [],
      homeIp: `100.${64 + rng.int(0, 63)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
      kycLevel,
      isPep,
      role,
    });
  }
  org.activity = activity;
  await ctx.w.insert('entities', entityRows);

  // Instruments: an account for everyone, then cards, devices, linked bank accounts and wallets.
  const instrumentRows: Row[] = [];
  const counters: Record<string, number> = {};
  const add = (type: InstrumentInfo['type'], owner: EntityInfo | null, status: string, data: Record<string, unknown>, externalId?: string) => {
    const id = ctx.ids.take('instruments');
    counters[type] = (counters[type] ?? 0) + 1;
    const short = { account: 'acct', card: 'card', device: 'dev', bank_account: 'bank', wallet: 'wal' }[type]!;
    const ext = externalId ?? `${org.prefix}${short}_${pad(counters[type], 7)}`;
    const opened = owner
      ? roundSecond(owner.registeredAt + rng.next() * Math.max(DAY, Math.min(SEED_NOW - owner.registeredAt, 400 * DAY) / 4))
      : SEED_NOW - 90 * DAY;
    fd(org, data, 'instrument.opened_at', iso(opened));
    instrumentRows.push({
      id,
      org_id: org.id,
      external_id: ext,
      instrument_type: type,
      status,
      entity_id: owner?.id ?? null,
      formatted_data: data,
      created_at: iso(opened),
    });
    org.instruments.push({ id, external_id: ext, type, entityIdx: owner?.idx ?? null });
    return id;
  };
  for (const e of org.entities) {
    const data: Record<string, unknown> = {};
    fd(org, data, 'instrument.account_number', pad(rng.int(100000, 999999), 6) + pad(rng.int(0, 999999), 6));
    e.accountId = add('account', e, e.status === 'CLOSED' ? 'DEACTIVATED' : 'ACTIVE', data);
  }
  // the device shared by the unrelated customers of the planted pattern; seen without an owner
  const sharedFingerprint = org.key === 'demo' ? 'fp_shared_7f3a9c21e4b8d605' : 'fp_shared_1b2e8d4f90a7c3e6';
  const sharedData: Record<string, unknown> = {};
  fd(org, sharedData, 'instrument.device_os', 'Android');
  const sharedId = add('device', null, 'ACTIVE', sharedData, `${org.prefix}dev_shared_0001`);
  org.sharedDevice = { instrumentId: sharedId, fingerprint: sharedFingerprint, ip: org.key === 'demo' ? '203.0.113.77' : '198.51.100.23' };

  const extras = Math.max(0, v.instruments - n - 1);
  for (let k = 0; k < extras; k++) {
    const e = org.entities[rng.int(0, n - 1)];
    const type =
      e.type === 'user'
        ? rng.weighted([
            ['card', 45],
            ['device', 35],
            ['wallet', 10],
            ['bank_account', 10],
          ] as const)
        : rng.weighted([
            ['card', 30],
            ['bank_account', 40],
            ['wallet', 10],
            ['device', 20],
          ] as const);
    const data: Record<string, unknown> = {};
    if (type === 'card') {
      fd(
        org,
        data,
        'instrument.card_network',
        rng.weighted([
          ['VISA', 55],
          ['MASTERCARD', 35],
          ['AMEX', 6],
          ['DISCOVER', 4],
        ] as const),
      );
      fd(org, data, 'instrument.card_last4', pad(rng.int(0, 9999), 4));
      e.cardIds.push(add('card', e, rng.chance(0.03) ? 'LOCKED' : 'ACTIVE', data));
    } else if (type === 'device') {
      fd(org, data, 'instrument.device_os', rng.pick(['iOS', 'Android', 'Windows', 'macOS'] as const));
      const id = add('device', e, 'ACTIVE', data, `${org.prefix}dev_${e.deviceFingerprint.slice(3)}${e.deviceId === null ? '' : `_${k}`}`);
      e.deviceId ??= id;
    } else if (type === 'bank_account') {
      fd(org, data, 'instrument.account_number', pad(rng.int(100000, 999999), 6) + pad(rng.int(0, 9999), 4));
      const ownerRef = org.settings.get('instrument.linked_owner');
      if (ownerRef) data[ownerRef.id] = { formatted_value: e.name, name_readable: e.name, external_id: e.external_id, id: e.id };
      e.bankAccountIds.push(add('bank_account', e, 'ACTIVE', data));
    } else {
      e.walletIds.push(add('wallet', e, 'ACTIVE', data));
    }
  }
  await ctx.w.insert('instruments', instrumentRows);
}
