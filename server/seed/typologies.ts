import { fd, type EntityInfo, type OrgContext, type TxnRef } from './context.js';
import { pad } from './customers.js';
import type { TxnSpec, TypologyPlants } from './events.types.js';
import { Rng } from './rng.js';
import { DAY, HOUR, MINUTE, roundSecond, SEED_NOW } from './time.js';
import { FIRST_NAMES, LAST_NAMES } from './words.js';

/**
 * The further typologies planted in the background activity, so the rules that watch for them
 * (server/seed/rules.ts) have something to find when the engine judges the seeded events: card
 * testing (the draft rule's validation run), dormant accounts waking up, bursts of payments, round
 * amounts, and money gathered from or spread to many customers. Planted after the background (they
 * read which customers were quiet), from a stream of their own, with ids after every other
 * transaction, so the rest of the demo data keeps its values.
 */

const money = (x: number) => Math.round(x * 100) / 100;
const ONLINE_SHOPS = ['QuickCart Online', 'PixelPlay Store', 'GiftCardHub', 'StreamBox Subscriptions', 'eVoucher Direct'];

/** How many of each pattern an organisation gets (Demo Bank more than Northwind). */
function counts(org: OrgContext) {
  const big = org.key === 'demo';
  return { cardTesting: big ? 4 : 2, dormant: big ? 3 : 1, velocity: big ? 2 : 1, roundAmounts: big ? 3 : 1, fanIn: big ? 2 : 1, fanOut: big ? 2 : 1 };
}

/**
 * Plants the patterns through `plant` (which gives the row its id later) and answers their
 * references. `activity[idx]` holds the times of customer idx's background transactions, in order.
 */
export function plantTypologies(org: OrgContext, activity: number[][], taken: Set<number>, plant: (spec: TxnSpec) => TxnRef): TypologyPlants {
  const rng = Rng.named(`${org.key}:typologies`);
  const n = counts(org);
  const out: TypologyPlants = { cardTesting: [], dormant: [], velocity: [], roundAmounts: [], fanIn: [], fanOut: [] };
  const normal = org.entities.filter((e) => e.role === 'normal' && e.type === 'user' && !taken.has(e.idx));
  const pick = (registeredBefore: number): EntityInfo | null => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const e = normal[rng.int(0, normal.length - 1)];
      if (!taken.has(e.idx) && e.registeredAt <= registeredBefore) {
        taken.add(e.idx);
        return e;
      }
    }
    return null;
  };
  const spec = (partial: Partial<TxnSpec> & Pick<TxnSpec, 'time' | 'type' | 'amount'>): TxnSpec => ({
    sender: null,
    senderInstrument: null,
    receiver: null,
    receiverInstrument: null,
    status: 'COMPLETED',
    channel: 'ONLINE',
    data: {},
    ip: null,
    device: null,
    risk: money(rng.float(40, 90)),
    ...partial,
  });
  const withChannel = (channel: string, extra: Record<string, unknown> = {}) => {
    const data: Record<string, unknown> = {};
    fd(org, data, 'transaction.channel', channel);
    for (const [key, value] of Object.entries(extra)) fd(org, data, key, value);
    return data;
  };

  // Card testing: ten or more card payments under 5.00 at online shops within the hour, in the last
  // two months (the draft rule's validation run looks back 90 days).
  for (let k = 0; k < n.cardTesting; k++) {
    const start = roundSecond(SEED_NOW - rng.int(8, 60) * DAY + rng.int(0, 23) * HOUR);
    const e = pick(start - 30 * DAY);
    if (!e) break;
    const burst: TxnRef[] = [];
    let t = start;
    for (let i = 0, count = rng.int(10, 14); i < count; i++) {
      t += roundSecond(rng.int(60, 240) * 1000);
      burst.push(
        plant(
          spec({
            time: t,
            type: 'CARD',
            amount: money(rng.float(0.5, 4.99)),
            sender: e,
            senderInstrument: e.cardIds[0] ?? e.accountId,
            ip: e.homeIp,
            data: withChannel('ONLINE', { 'transaction.merchant_name': rng.pick(ONLINE_SHOPS), 'transaction.merchant_category': 'Digital goods' }),
            risk: money(rng.float(60, 92)),
          }),
        ),
      );
    }
    out.cardTesting.push(burst);
  }

  // Dormant accounts: a customer with no activity for more than 180 days receives a wire and moves
  // it on within the day.
  const quiet = normal.filter((e) => {
    const times = activity[e.idx] ?? [];
    const last = times.at(-1);
    return last !== undefined && last < SEED_NOW - 200 * DAY && !taken.has(e.idx);
  });
  for (let k = 0; k < n.dormant && quiet.length; k++) {
    const e = quiet.splice(rng.int(0, quiet.length - 1), 1)[0];
    taken.add(e.idx);
    const t = roundSecond(SEED_NOW - rng.int(5, 40) * DAY + rng.int(14, 20) * HOUR);
    const amount = money(rng.int(6000, 18000) + rng.int(0, 99) / 100);
    out.dormant.push([
      plant(
        spec({
          time: t,
          type: 'WIRE',
          amount,
          receiver: e,
          receiverInstrument: e.accountId,
          data: withChannel('ONLINE', {
            'transaction.counterparty_name': `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
            'transaction.counterparty_country': 'US',
          }),
        }),
      ),
      plant(
        spec({
          time: t + roundSecond(rng.float(2, 6) * HOUR),
          type: 'CASH_WITHDRAWAL',
          amount: money(Math.min(8000, amount * 0.6)),
          sender: e,
          senderInstrument: e.accountId,
          channel: 'BRANCH',
          data: withChannel('BRANCH'),
        }),
      ),
    ]);
  }

  // Velocity: a burst of a dozen payments sent within the hour.
  for (let k = 0; k < n.velocity; k++) {
    let t = roundSecond(SEED_NOW - rng.int(3, 90) * DAY + rng.int(15, 22) * HOUR);
    const e = pick(t - 60 * DAY);
    if (!e) break;
    const payees = [pick(t), pick(t)].filter((x): x is EntityInfo => x !== null);
    const burst: TxnRef[] = [];
    for (let i = 0, count = rng.int(10, 13); i < count; i++) {
      t += roundSecond(rng.int(2, 4) * MINUTE);
      const to = payees[i % Math.max(1, payees.length)];
      burst.push(
        plant(
          spec({
            time: t,
            type: 'P2P',
            amount: money(rng.float(40, 400)),
            sender: e,
            senderInstrument: e.accountId,
            receiver: to ?? null,
            receiverInstrument: to?.accountId ?? null,
            channel: 'MOBILE',
            ip: e.homeIp,
            device: e.deviceFingerprint,
            data: withChannel('MOBILE'),
          }),
        ),
      );
    }
    out.velocity.push(burst);
  }

  // Round amounts: three or four wires of round thousands sent within a few days.
  for (let k = 0; k < n.roundAmounts; k++) {
    let t = roundSecond(SEED_NOW - rng.int(10, 150) * DAY + rng.int(14, 20) * HOUR);
    const e = pick(t - 60 * DAY);
    if (!e) break;
    const run: TxnRef[] = [];
    for (let i = 0, count = rng.int(3, 4); i < count; i++) {
      const country = rng.pick(['MX', 'AE', 'HK', 'PA'] as const);
      run.push(
        plant(
          spec({
            time: t,
            type: 'WIRE',
            amount: rng.int(3, 9) * 1000,
            sender: e,
            senderInstrument: e.accountId,
            ip: e.homeIp,
            data: withChannel('ONLINE', {
              'transaction.counterparty_name': `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`,
              'transaction.counterparty_country': country,
              'transaction.beneficiary_account': `${country}${pad(rng.int(0, 99999999), 8)}`,
            }),
          }),
        ),
      );
      t += roundSecond(rng.float(0.5, 2) * DAY);
    }
    out.roundAmounts.push(run);
  }

  // Fan-in and fan-out: six customers pay one (or one pays six) within four days.
  for (const [key, count] of [
    ['fanIn', n.fanIn],
    ['fanOut', n.fanOut],
  ] as const) {
    for (let k = 0; k < count; k++) {
      let t = roundSecond(SEED_NOW - rng.int(5, 120) * DAY + rng.int(14, 20) * HOUR);
      const hub = pick(t - 60 * DAY);
      if (!hub) break;
      const others = Array.from({ length: 6 }, () => pick(t)).filter((x): x is EntityInfo => x !== null);
      const run: TxnRef[] = [];
      for (const other of others) {
        const [from, to] = key === 'fanIn' ? [other, hub] : [hub, other];
        run.push(
          plant(
            spec({
              time: t,
              type: 'P2P',
              amount: money(rng.float(300, 1900)),
              sender: from,
              senderInstrument: from.accountId,
              receiver: to,
              receiverInstrument: to.accountId,
              channel: 'MOBILE',
              ip: from.homeIp,
              device: from.deviceFingerprint,
              data: withChannel('MOBILE', { 'transaction.memo': rng.pick(['share', 'for the deal', 'as agreed', 'payment']) }),
            }),
          ),
        );
        t += roundSecond(rng.float(4, 14) * HOUR);
      }
      out[key].push(run);
    }
  }
  return out;
}
