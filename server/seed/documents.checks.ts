import type { EntityInfo, OrgContext, SeedContext, TxnRef } from './context.js';
import { CHECK_IMAGE_LIMITS } from './documents.limits.js';
import { INK_BLACK, INK_BLUE, type CheckBack, type CheckFace, type CheckStock } from './images/check.js';
import { Rng } from './rng.js';
import { DAY, SEED_NOW } from './time.js';
import { EMPLOYERS, FIRST_NAMES, LAST_NAMES, STREETS } from './words.js';

/**
 * Which check deposits get check images, and what is written on each check.
 *
 * - The deposits the events seed already keeps (refs.checkDeposits) are personal checks from
 *   assorted payers: different stock, ink, bank and layout details.
 * - A few customers with several check deposits get a payroll series: every check from the same
 *   employer, on the same stock, from the same account, so the checks are near-duplicates that
 *   differ in amount, date and number. In every other series the last check repeats the first
 *   check's number and date with a different amount (an altered or re-presented item), and in one
 *   series a stranger endorses the checks, so the endorsement differs from the ID card's signature.
 */

export interface CheckDeposit {
  id: number;
  time: number;
  amount: number;
  entity: EntityInfo;
  instrumentId: number | null;
  accountTail: string;
  checkNumber: number | null;
  channel: 'MOBILE' | 'BRANCH';
  /** the series this check belongs to, if any (see above) */
  series: number | null;
}

export interface CheckImages {
  deposit: CheckDeposit;
  front: CheckFace;
  back: CheckBack;
  /** a note on what makes the check stand out, kept in the document name */
  flag: 'altered' | null;
}

const STOCK_ORDER: CheckStock[] = ['green', 'blue', 'tan', 'grey'];
const BANKS = ['FIRST HARBOR BANK', 'PRAIRIE STATE BANK', 'SUMMIT TRUST', 'LAKESIDE CREDIT UNION', 'CANYON NATIONAL BANK'];
const MEMOS = ['RENT', 'INVOICE 2231', 'BIRTHDAY', 'CAR REPAIR', 'LOAN REPAYMENT', 'DEPOSIT REFUND', 'CONSULTING', ''];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export const mdY = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const tailOf = (externalId: string) => (externalId.replace(/\D/g, '') || '0000').slice(-4).padStart(4, '0');

interface DepositRow {
  id: number;
  event_time: Date | string;
  amount: number;
  receiver_entity_id: number;
  receiver_instrument_id: number | null;
  instrument_external_id: string | null;
  check_number: string | null;
  channel: string | null;
}

/** The check deposits that get images: the events seed's sample plus a few customers' series, bounded per scale. */
export async function pickCheckDeposits(ctx: SeedContext, org: OrgContext, refs: TxnRef[]): Promise<CheckDeposit[]> {
  const limits = CHECK_IMAGE_LIMITS[ctx.scale.name];
  const numberSetting = org.settings.get('transaction.check_number')?.id;
  const channelSetting = org.settings.get('transaction.channel')?.id;
  const found = await ctx.w.query<DepositRow>(
    `select t.id, t.event_time, t.amount::float8 as amount, t.receiver_entity_id, t.receiver_instrument_id, i.external_id as instrument_external_id,
       t.formatted_data -> $2::text ->> 'formatted_value' as check_number, t.formatted_data -> $3::text ->> 'formatted_value' as channel
     from transactions t left join instruments i on i.org_id = t.org_id and i.id = t.receiver_instrument_id
     where t.org_id = $1 and t.internal_txn_type = 'CHECK_DEPOSIT' and t.receiver_entity_id is not null and t.event_time > $4::timestamptz
     order by t.id`,
    [org.id, String(numberSetting ?? ''), String(channelSetting ?? ''), new Date(SEED_NOW - 300 * DAY).toISOString()],
  );
  const entityById = new Map(org.entities.map((e) => [e.id, e]));
  const toDeposit = (row: DepositRow, series: number | null): CheckDeposit => ({
    id: row.id,
    time: new Date(row.event_time).getTime(),
    amount: row.amount,
    entity: entityById.get(row.receiver_entity_id)!,
    instrumentId: row.receiver_instrument_id,
    accountTail: tailOf(row.instrument_external_id ?? ''),
    checkNumber: row.check_number ? Number(row.check_number) : null,
    channel: row.channel === 'MOBILE' ? 'MOBILE' : 'BRANCH',
    series,
  });
  // the series: customers (people) with at least three check deposits, fewest ids first
  const byEntity = new Map<number, DepositRow[]>();
  for (const row of found) {
    const list = byEntity.get(row.receiver_entity_id) ?? [];
    list.push(row);
    byEntity.set(row.receiver_entity_id, list);
  }
  const seriesOwners = [...byEntity.entries()].filter(([id, list]) => list.length >= 3 && entityById.get(id)?.type === 'user').slice(0, limits.series);
  const out: CheckDeposit[] = [];
  const taken = new Set<number>();
  seriesOwners.forEach(([, list], s) => {
    for (const row of list.slice(-limits.checksPerSeries)) {
      out.push(toDeposit(row, s));
      taken.add(row.id);
    }
  });
  const rowById = new Map(found.map((r) => [r.id, r]));
  for (const ref of refs) {
    if (out.length >= limits.transactions) break;
    const row = rowById.get(ref.id);
    if (row && !taken.has(row.id)) out.push(toDeposit(row, null));
  }
  return out;
}

/** What is printed and written on each picked check, front and back. */
export function describeChecks(org: OrgContext, deposits: CheckDeposit[]): CheckImages[] {
  const rng = Rng.named(`${org.key}:check-images`);
  const bank = org.key === 'demo' ? 'VIGIL DEMO BANK' : 'NORTHWIND CU';
  const seriesPaper = new Map<
    number,
    Omit<CheckFace, 'payee' | 'amount' | 'date' | 'number' | 'memo' | 'capture'> & { firstNumber: number; endorser: string | null }
  >();
  const firstOfSeries = new Map<number, CheckFace>();
  const seriesCount = new Map<number, number>();
  for (const d of deposits) if (d.series !== null) seriesCount.set(d.series, (seriesCount.get(d.series) ?? 0) + 1);
  const seen = new Map<number, number>();
  return deposits.map((d) => {
    const capture = { dx: rng.int(-4, 4), dy: rng.int(-3, 3), seed: `${org.key}:${d.id}` };
    const date = mdY(d.time - rng.int(0, 3) * DAY);
    let face: CheckFace;
    let endorser = d.entity.name;
    let flag: CheckImages['flag'] = null;
    if (d.series === null) {
      const payer = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
      face = {
        payer: { name: payer, street: `${rng.int(10, 999)} ${rng.pick(STREETS)}`, city: `${d.entity.city.city.toUpperCase()}, ${d.entity.city.region}` },
        bank: rng.pick(BANKS),
        payee: d.entity.name,
        amount: d.amount,
        date,
        number: d.checkNumber ?? 1000 + (d.id % 9000),
        memo: rng.pick(MEMOS),
        routing: digits(rng, 9),
        account: digits(rng, 10),
        stock: rng.pick(STOCK_ORDER),
        ink: rng.chance(0.5) ? INK_BLUE : INK_BLACK,
        capture,
      };
    } else {
      let paper = seriesPaper.get(d.series);
      if (!paper) {
        const employer = EMPLOYERS[(d.series * 3 + org.id) % EMPLOYERS.length];
        paper = {
          payer: {
            name: employer.toUpperCase(),
            street: `${rng.int(100, 9999)} ${rng.pick(STREETS)}`,
            city: `${d.entity.city.city.toUpperCase()}, ${d.entity.city.region}`,
          },
          bank: BANKS[d.series % BANKS.length],
          routing: digits(rng, 9),
          account: digits(rng, 10),
          stock: STOCK_ORDER[d.series % STOCK_ORDER.length],
          ink: INK_BLACK,
          firstNumber: rng.int(2000, 8000),
          // in the second series a stranger endorses the checks
          endorser: d.series === 1 ? `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}` : null,
        };
        seriesPaper.set(d.series, paper);
      }
      const k = seen.get(d.series) ?? 0;
      seen.set(d.series, k + 1);
      const { firstNumber, endorser: stranger, ...printed } = paper;
      const month = MONTHS[new Date(d.time).getUTCMonth()];
      face = { ...printed, payee: d.entity.name, amount: d.amount, date, number: firstNumber + k, memo: `PAYROLL ${month}`, capture };
      if (k === 0) firstOfSeries.set(d.series, face);
      const last = k === (seriesCount.get(d.series) ?? 0) - 1;
      if (last && k > 0 && d.series % 2 === 0) {
        const first = firstOfSeries.get(d.series)!;
        face = { ...face, number: first.number, date: first.date, memo: first.memo };
        flag = 'altered';
      }
      if (stranger) endorser = stranger;
    }
    const back: CheckBack = {
      endorser,
      accountTail: d.accountTail,
      channel: d.channel,
      bank,
      date: mdY(d.time),
      stock: face.stock,
      ink: INK_BLUE,
      capture: { ...capture, seed: `${capture.seed}:back` },
    };
    return { deposit: d, front: face, back, flag };
  });
}
