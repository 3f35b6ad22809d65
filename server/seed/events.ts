import { fd, type EntityInfo, type OrgContext, type SeedContext, type TxnRef } from './context.js';
import type { EventRefs, MulePlant, StructuringPlant, TxnSpec } from './events.types.js';
import { plantTypologies } from './typologies.js';
import { pad } from './customers.js';
import { Rng, WeightedIndex } from './rng.js';
import { DAY, HOUR, iso, roundSecond, SEED_NOW, SEED_START, sortedTimes } from './time.js';
import type { Row } from './writer.js';
import { seedActionEvents } from './action-events.js';
import { BUSINESS_FIRST, BUSINESS_SECOND, EMPLOYERS, FIRST_NAMES, HIGH_RISK_COUNTRIES, LAST_NAMES, MERCHANTS, OTHER_COUNTRIES } from './words.js';

/**
 * Transactions and action events: background activity over the 18 months, plus the planted
 * patterns (structuring, rapid movement through mule accounts, a device and an IP shared by
 * unrelated customers). What later generators need (the planted events, background events that
 * rules would flag, a sample for evaluation logs) is returned as references.
 */

const BILLERS = [
  'City Power & Light',
  'Metro Water Utility',
  'Northline Wireless',
  'Keystone Insurance',
  'Harbor Mortgage Servicing',
  'StreamBox Subscriptions',
];
const MEMOS = ['Rent', 'Dinner', 'Thanks!', 'Invoice 1042', 'Tuition', 'Birthday gift', 'Car repair', 'Utilities split', 'Groceries', 'Loan repayment'];

const TXN_TYPES = [
  ['CARD', 35],
  ['ACH', 20],
  ['P2P', 12],
  ['INTERNAL_TRANSFER', 8],
  ['CASH_DEPOSIT', 7],
  ['CHECK_DEPOSIT', 7],
  ['CASH_WITHDRAWAL', 6],
  ['WIRE', 5],
] as const;

/** The kinds of transaction the active rules watch (cash in and out, transfers, wires). */
const FLAGGABLE = new Set(['CASH_DEPOSIT', 'CASH_WITHDRAWAL', 'ACH', 'P2P', 'INTERNAL_TRANSFER', 'WIRE']);

const money = (x: number) => Math.round(x * 100) / 100;

export async function seedEvents(ctx: SeedContext, org: OrgContext): Promise<EventRefs> {
  const v = org.volumes;
  const rng = Rng.named(`${org.key}:transactions`);
  const picker = new WeightedIndex(org.activity);
  const entities = org.entities;
  const refs: EventRefs = {
    structuring: [],
    mules: [],
    sharedDevice: { entityIdxs: [], events: [] },
    largeCash: [],
    highRiskWires: [],
    tinyCard: [],
    checkDeposits: [],
    evaluationSample: [],
    misc: [],
    flagged: [],
    actionEventSample: [],
    typologies: { cardTesting: [], dormant: [], velocity: [], roundAmounts: [], fanIn: [], fanOut: [] },
  };

  const pickEntity = (time: number, not?: EntityInfo): EntityInfo => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const e = entities[picker.pick(rng)];
      if (e.registeredAt <= time && e !== not) return e;
    }
    return entities.find((e) => e.registeredAt <= time && e !== not) ?? entities[0];
  };

  // ---- planted patterns first (so the background fills the remaining volume) ----
  const planted: TxnSpec[] = [];
  const plantedRefs: { spec: TxnSpec; ref: Partial<TxnRef> }[] = [];
  const plant = (spec: TxnSpec): TxnRef => {
    const ref = {} as TxnRef;
    planted.push(spec);
    plantedRefs.push({ spec, ref });
    return ref;
  };
  const prng = Rng.named(`${org.key}:planted`);
  const businessHours = (day: number) => roundSecond(day - (day % DAY) + (14 + prng.next() * 8) * HOUR); // 9:00-17:00 US Eastern

  for (const e of entities.filter((x) => x.role === 'structuring')) {
    const plant1: StructuringPlant = { entityIdx: e.idx, bursts: [] };
    const burstCount = prng.int(1, 3);
    const earliest = Math.max(e.registeredAt, SEED_START) + 10 * DAY;
    // Bursts follow each other within weeks, so one alert collects several hits. Half of the
    // customers are recent, so there is open work.
    let start = prng.chance(0.5) ? SEED_NOW - prng.int(30, 80) * DAY : earliest + prng.next() * Math.max(DAY, SEED_NOW - 120 * DAY - earliest);
    for (let b = 0; b < burstCount; b++) {
      const count = prng.int(3, 5);
      const spanDays = prng.int(2, 6);
      if (b > 0) start += prng.int(spanDays + 8, spanDays + 30) * DAY;
      if (start > SEED_NOW - 8 * DAY) break;
      const burst: TxnRef[] = [];
      for (let k = 0; k < count; k++) {
        const day = start + Math.floor((k * spanDays) / Math.max(1, count - 1)) * DAY;
        const data: Record<string, unknown> = {};
        fd(org, data, 'transaction.channel', 'BRANCH');
        fd(org, data, 'transaction.branch_id', `BR-${pad(prng.int(1, 40), 3)}`);
        burst.push(
          plant({
            time: businessHours(day),
            type: 'CASH_DEPOSIT',
            amount: prng.int(900, 999) * 10,
            sender: null,
            senderInstrument: null,
            receiver: e,
            receiverInstrument: e.accountId,
            status: 'COMPLETED',
            channel: 'BRANCH',
            data,
            ip: null,
            device: null,
            risk: money(prng.float(62, 96)),
          }),
        );
      }
      plant1.bursts.push(burst);
    }
    refs.structuring.push(plant1);
  }

  const muleEntities = entities.filter((x) => x.role === 'mule');
  for (let c = 0; c + 2 < muleEntities.length; c += 3) {
    const members = muleEntities.slice(c, c + 3);
    const chain: MulePlant = { members: members.map((m) => m.idx), runs: [] };
    const earliest = Math.max(...members.map((m) => m.registeredAt)) + 5 * DAY;
    const runs = prng.int(2, 3);
    for (let r = 0; r < runs; r++) {
      let t = roundSecond(earliest + prng.next() * Math.max(DAY, SEED_NOW - 3 * DAY - earliest));
      let amount = money(prng.int(8000, 48000) + prng.int(0, 99) / 100);
      const run: TxnRef[] = [];
      const sourceName = `${prng.pick(BUSINESS_FIRST)} ${prng.pick(BUSINESS_SECOND)} Ltd.`;
      const inData: Record<string, unknown> = {};
      fd(org, inData, 'transaction.channel', 'ONLINE');
      fd(org, inData, 'transaction.counterparty_name', sourceName);
      fd(org, inData, 'transaction.counterparty_country', 'US');
      fd(org, inData, 'transaction.memo', 'Consulting services');
      run.push(
        plant({
          time: t,
          type: 'WIRE',
          amount,
          sender: null,
          senderInstrument: null,
          receiver: members[0],
          receiverInstrument: members[0].accountId,
          status: 'COMPLETED',
          channel: 'ONLINE',
          data: inData,
          ip: null,
          device: null,
          risk: money(prng.float(55, 80)),
        }),
      );
      for (let hop = 0; hop < 2; hop++) {
        t += roundSecond(prng.float(1, 3) * HOUR);
        amount = money(amount * prng.float(0.975, 0.99));
        const from = members[hop];
        const to = members[hop + 1];
        const data: Record<string, unknown> = {};
        fd(org, data, 'transaction.channel', 'MOBILE');
        fd(org, data, 'transaction.memo', prng.pick(['loan', 'for the thing', 'payback', 'invoice']));
        run.push(
          plant({
            time: t,
            type: 'P2P',
            amount,
            sender: from,
            senderInstrument: from.accountId,
            receiver: to,
            receiverInstrument: to.accountId,
            status: 'COMPLETED',
            channel: 'MOBILE',
            data,
            ip: from.homeIp,
            device: from.deviceFingerprint,
            risk: money(prng.float(70, 95)),
          }),
        );
      }
      t += roundSecond(prng.float(1, 4) * HOUR);
      amount = money(amount * prng.float(0.97, 0.99));
      const last = members[2];
      const country = prng.pick(OTHER_COUNTRIES);
      const outData: Record<string, unknown> = {};
      fd(org, outData, 'transaction.channel', 'ONLINE');
      fd(org, outData, 'transaction.counterparty_name', `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`);
      fd(org, outData, 'transaction.counterparty_country', country);
      fd(org, outData, 'transaction.beneficiary_account', `${country}${pad(prng.int(0, 99999999), 8)}${pad(prng.int(0, 9999), 4)}`);
      run.push(
        plant({
          time: t,
          type: 'WIRE',
          amount,
          sender: last,
          senderInstrument: last.accountId,
          receiver: null,
          receiverInstrument: null,
          status: 'COMPLETED',
          channel: 'ONLINE',
          data: outData,
          ip: last.homeIp,
          device: last.deviceFingerprint,
          risk: money(prng.float(80, 99)),
        }),
      );
      chain.runs.push(run);
    }
    refs.mules.push(chain);
  }

  // ---- background transactions ----
  const n = Math.max(0, v.transactions - planted.length);
  const times = sortedTimes(rng, n);
  const capLarge = Math.ceil(v.backgroundAlertCap * 0.6);
  const capWire = v.backgroundAlertCap - capLarge;
  const pLarge = Math.min(0.05, (capLarge * 0.9) / Math.max(1, n * 0.07));
  const pHighRisk = Math.min(0.3, (capWire * 0.9) / Math.max(1, n * 0.05));
  const first = ctx.ids;
  const rowOf = (id: number, s: TxnSpec): Row => ({
    id,
    org_id: org.id,
    external_id: `${org.prefix}txn_${pad(id, 9)}`,
    event_time: iso(s.time),
    amount: s.amount,
    currency: org.currency,
    status: s.status,
    internal_txn_type: s.type,
    sender_entity_id: s.sender?.id ?? null,
    receiver_entity_id: s.receiver?.id ?? null,
    sender_instrument_id: s.senderInstrument,
    receiver_instrument_id: s.receiverInstrument,
    risk_score: s.risk,
    formatted_data: s.data,
    ip_address: s.ip,
    device_id: s.device,
    has_alerts: false,
    is_placeholder: false,
    is_spooled: false,
    created_at: iso(s.time + 2000),
  });
  const refOf = (id: number, s: TxnSpec, country?: string): TxnRef => {
    const primary = s.sender ?? s.receiver!;
    const counterpart = s.sender ? s.receiver : null;
    return {
      id,
      external_id: `${org.prefix}txn_${pad(id, 9)}`,
      time: s.time,
      amount: s.amount,
      type: s.type,
      entityIdx: primary.idx,
      instrumentId: s.sender ? s.senderInstrument : s.receiverInstrument,
      counterpartyIdx: counterpart?.idx ?? null,
      counterpartyInstrumentId: s.sender ? s.receiverInstrument : null,
      country,
    };
  };
  const scale = (e: EntityInfo) => (e.type === 'business' ? 3 : 1);

  // each customer's background transaction times, in order (the dormant-account plant reads them)
  const activity: number[][] = entities.map(() => []);
  function* background(): Generator<Row> {
    for (let i = 0; i < n; i++) {
      const time = times[i];
      const e = pickEntity(time);
      const type = rng.weighted(TXN_TYPES);
      const data: Record<string, unknown> = {};
      const recent = time > SEED_NOW - 2 * DAY;
      const status =
        recent && rng.chance(0.3)
          ? 'PENDING'
          : rng.weighted([
              ['COMPLETED', 96],
              ['FAILED', 2.5],
              ['REVERSED', 1.5],
            ] as const);
      const s: TxnSpec = {
        time,
        type,
        amount: 0,
        sender: null,
        senderInstrument: null,
        receiver: null,
        receiverInstrument: null,
        status,
        channel: 'ONLINE',
        data,
        ip: null,
        device: null,
        risk: money(Math.min(100, rng.logNormal(8, 0.9))),
      };
      let country: string | undefined;
      const online = (channel: 'ONLINE' | 'MOBILE') => {
        s.channel = channel;
        s.ip = e.homeIp;
        s.device = channel === 'MOBILE' ? e.deviceFingerprint : null;
      };
      switch (type) {
        case 'CARD': {
          const [merchant, category] = rng.pick(MERCHANTS);
          s.sender = e;
          s.senderInstrument = e.cardIds.length ? rng.pick(e.cardIds) : e.accountId;
          s.amount = money(Math.min(5000, rng.logNormal(42, 0.9) * scale(e)));
          s.channel = rng.chance(0.6) ? 'POS' : 'ONLINE';
          if (s.channel === 'ONLINE') s.ip = e.homeIp;
          fd(org, data, 'transaction.merchant_name', merchant);
          fd(org, data, 'transaction.merchant_category', category);
          break;
        }
        case 'ACH': {
          if (rng.chance(0.55)) {
            s.receiver = e;
            s.receiverInstrument = e.accountId;
            s.amount = money(rng.logNormal(1800, 0.45) * scale(e));
            fd(org, data, 'transaction.counterparty_name', rng.pick(EMPLOYERS));
            fd(org, data, 'transaction.memo', 'Payroll');
          } else {
            s.sender = e;
            s.senderInstrument = e.accountId;
            s.amount = money(rng.logNormal(320, 0.9) * scale(e));
            fd(org, data, 'transaction.counterparty_name', rng.pick(BILLERS));
          }
          online('ONLINE');
          break;
        }
        case 'P2P':
        case 'INTERNAL_TRANSFER': {
          const own = [...e.walletIds, ...e.bankAccountIds];
          s.sender = e;
          s.senderInstrument = e.accountId;
          if (type === 'INTERNAL_TRANSFER' && own.length) {
            s.receiver = e;
            s.receiverInstrument = rng.pick(own);
            s.amount = money(rng.logNormal(500, 1) * scale(e));
          } else {
            const other = pickEntity(time, e);
            s.type = 'P2P';
            s.receiver = other;
            s.receiverInstrument = other.walletIds.length && rng.chance(0.3) ? rng.pick(other.walletIds) : other.accountId;
            s.amount = money(Math.min(9000, rng.logNormal(110, 1)));
            if (rng.chance(0.4)) fd(org, data, 'transaction.memo', rng.pick(MEMOS));
          }
          online(rng.chance(0.7) ? 'MOBILE' : 'ONLINE');
          break;
        }
        case 'WIRE': {
          const inbound = rng.chance(0.5);
          const highRisk = refs.highRiskWires.length < capWire && rng.chance(pHighRisk);
          country = highRisk ? rng.pick(HIGH_RISK_COUNTRIES) : rng.chance(0.8) ? 'US' : rng.pick(OTHER_COUNTRIES);
          if (org.key === 'north' && country === 'US' && rng.chance(0.7)) country = 'CA';
          if (inbound) {
            s.receiver = e;
            s.receiverInstrument = e.accountId;
          } else {
            s.sender = e;
            s.senderInstrument = e.accountId;
            fd(org, data, 'transaction.beneficiary_account', `${country}${pad(rng.int(0, 99999999), 8)}`);
          }
          s.amount = money(Math.min(250_000, rng.logNormal(5500, 1) * scale(e)));
          if (highRisk) s.risk = money(rng.float(70, 98));
          fd(
            org,
            data,
            'transaction.counterparty_name',
            rng.chance(0.5) ? `${rng.pick(BUSINESS_FIRST)} ${rng.pick(BUSINESS_SECOND)}` : `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
          );
          fd(org, data, 'transaction.counterparty_country', country);
          online('ONLINE');
          break;
        }
        case 'CASH_DEPOSIT': {
          s.receiver = e;
          s.receiverInstrument = e.accountId;
          s.channel = rng.chance(0.7) ? 'BRANCH' : 'ATM';
          if (refs.largeCash.length < capLarge && rng.chance(pLarge)) {
            s.amount = money(rng.int(10000, 30000) + rng.int(0, 99) / 100);
            s.risk = money(rng.float(40, 75));
          } else {
            let amount = rng.logNormal(450, 1) * scale(e);
            // keep the 9,000-9,999 band and the CTR threshold to the planted patterns and the capped alerts
            if (amount >= 8000) amount = 2000 + (amount % 6000);
            s.amount = money(amount);
          }
          fd(org, data, 'transaction.branch_id', `BR-${pad(rng.int(1, 40), 3)}`);
          break;
        }
        case 'CASH_WITHDRAWAL': {
          s.sender = e;
          s.senderInstrument = e.accountId;
          s.channel = rng.chance(0.75) ? 'ATM' : 'BRANCH';
          s.amount = money(Math.min(8000, rng.logNormal(240, 0.8) * scale(e)));
          break;
        }
        default: {
          // CHECK_DEPOSIT
          s.receiver = e;
          s.receiverInstrument = e.accountId;
          s.amount = money(Math.min(25000, rng.logNormal(850, 1) * scale(e)));
          s.channel = rng.chance(0.6) ? 'MOBILE' : 'BRANCH';
          if (s.channel === 'MOBILE') online('MOBILE');
          fd(org, data, 'transaction.check_number', String(rng.int(1001, 9999)));
        }
      }
      fd(org, data, 'transaction.channel', s.channel);
      for (const party of new Set([s.sender, s.receiver])) if (party) activity[party.idx].push(time);
      const id = first.take('transactions');
      if (type === 'CASH_DEPOSIT' && s.amount >= 10000) refs.largeCash.push(refOf(id, s));
      else if (s.type === 'WIRE' && country && (HIGH_RISK_COUNTRIES as readonly string[]).includes(country)) refs.highRiskWires.push(refOf(id, s, country));
      else if (s.type === 'CARD' && s.amount < 5 && refs.tinyCard.length < 40) refs.tinyCard.push(refOf(id, s));
      else if (s.type === 'CHECK_DEPOSIT' && refs.checkDeposits.length < 60 && time > SEED_NOW - 300 * DAY && rng.chance(0.2))
        refs.checkDeposits.push(refOf(id, s));
      if (i % v.evaluationLogEvery === 0) refs.evaluationSample.push(refOf(id, s));
      if (i % Math.max(1, Math.floor(n / 40)) === 7) refs.misc.push(refOf(id, s));
      // by position, not by a draw, so the other scales' data is unchanged
      if (v.flaggedEvery && i % v.flaggedEvery === 3 && FLAGGABLE.has(s.type)) refs.flagged.push(refOf(id, s, country));
      yield rowOf(id, s);
    }
  }
  await ctx.w.insert('transactions', background());
  const planters = new Set(entities.filter((e) => e.role !== 'normal').map((e) => e.idx));
  refs.typologies = plantTypologies(org, activity, planters, plant);

  const plantedRows: Row[] = [];
  for (const { spec, ref } of plantedRefs) {
    const id = first.take('transactions');
    Object.assign(ref, refOf(id, spec));
    plantedRows.push(rowOf(id, spec));
  }
  await ctx.w.insert('transactions', plantedRows);

  await seedActionEvents(ctx, org, refs);
  return refs;
}
