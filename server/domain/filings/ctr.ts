import { sql } from 'drizzle-orm';
import { rows, type SqlRunner } from '../../db/sql.js';
import type { Address, CtrFiling, CtrPerson, TinType } from './model.js';

/**
 * Currency transaction reports (31 CFR 1010.311 and 1010.313), computed from the transactions; the
 * FinCEN CTR batch XML they are filed in is fincen-ctr.ts.
 *
 * A CTR is due for a person and a business day when the cash they brought in, or the cash they took
 * out, is over 10,000 dollars that day: all their cash deposits in one total and all their cash
 * withdrawals in another (never netted), across all their accounts, counting the transactions they
 * hold the account of and those they conducted for someone else. Exactly 10,000 is not reported.
 */

/** A total over this many dollars (not equal to it) makes a CTR due. */
export const CTR_THRESHOLD_DOLLARS = 10_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface CtrRow {
  entity_id: number;
  business_day: string;
  cash_in: string | number;
  cash_out: string | number;
  count_in: number;
  count_out: number;
  holder: boolean;
  transaction_ids: number[];
  accounts_in: string[] | null;
  accounts_out: string[] | null;
  external_id: string;
  entity_type: string;
  name_readable: string;
  date_of_birth: string | null;
  occupation: string | null;
  industry: string | null;
  address: string | null;
  geolocations: unknown;
  ctr_data: unknown;
}

/**
 * A customer's CTR custom data as `ctr_entity_data.data` stores it (the body of
 * `PUT /api/entities/{id}/ctr-data`): identity values a CTR needs that the customer's record lacks.
 * A value given wins over the record's; null leaves the record's.
 */
export interface CtrEntityData {
  last_or_legal_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  tin: string | null;
  tin_type: TinType | null;
  date_of_birth: string | null;
  address: Address | null;
  occupation: string | null;
  identification: { type: string; number: string; issuer_state: string | null; issuer_country: string | null } | null;
}

/** The CTR data of a customer never saved: nothing given. */
export const NO_CTR_ENTITY_DATA: CtrEntityData = {
  last_or_legal_name: null,
  first_name: null,
  middle_name: null,
  tin: null,
  tin_type: null,
  date_of_birth: null,
  address: null,
  occupation: null,
  identification: null,
};

/**
 * The CTRs due in an organisation for the business days `from` to `to` (inclusive, `YYYY-MM-DD`,
 * reckoned in `zone`, the organisation's IANA time zone), in business-day order.
 *
 * Cash is a COMPLETED, USD, non-placeholder transaction of internal type CASH_DEPOSIT (cash in for
 * the receiver, whose account it goes into, and for the sender when someone else deposits it) or
 * CASH_WITHDRAWAL (cash out for the sender, whose account it leaves, and for the receiver when
 * someone else takes it out). The aggregation runs in one SQL statement over the
 * `(org_id, internal_txn_type, event_time, id)` index: only the due CTRs come back.
 *
 * The person's identity comes from the entity: its name (an individual's split at the spaces: first
 * word first name, last word last name), and from its custom fields, when the organisation has them
 * and does not encrypt them, the date of birth, occupation (or a business's industry) and address.
 * The customer's CTR custom data (`ctr_entity_data`, when saved) then wins field by field: each
 * value it gives replaces the record's (an address whole); TIN and identification come only from it.
 */
export async function computeCtrs(db: SqlRunner, orgId: number, range: { from: string; to: string }, zone: string): Promise<CtrFiling[]> {
  if (!DAY.test(range.from) || !DAY.test(range.to)) throw new RangeError(`business days must be YYYY-MM-DD: ${range.from}, ${range.to}`);
  if (range.from > range.to) return [];
  const found = await rows<CtrRow>(
    db,
    sql`with settings as (
        select
          max(id) filter (where key_path = 'entity.date_of_birth') as dob,
          max(id) filter (where key_path = 'entity.occupation') as occupation,
          max(id) filter (where key_path = 'entity.industry') as industry,
          max(id) filter (where key_path = 'entity.address') as address,
          max(id) filter (where key_path = 'instrument.account_number') as account_number
        from data_settings
        where org_id = ${orgId} and censorship_setting <> 'ENCRYPTED'
          and key_path in ('entity.date_of_birth', 'entity.occupation', 'entity.industry', 'entity.address', 'instrument.account_number')
      ),
      cash as (
        select t.id, t.amount, t.internal_txn_type = 'CASH_DEPOSIT' as cash_in,
          (t.event_time at time zone ${zone}::text)::date as business_day,
          case when t.internal_txn_type = 'CASH_DEPOSIT' then t.receiver_entity_id else t.sender_entity_id end as holder_id,
          case when t.internal_txn_type = 'CASH_DEPOSIT' then t.sender_entity_id else t.receiver_entity_id end as conductor_id,
          case when t.internal_txn_type = 'CASH_DEPOSIT' then t.receiver_instrument_id else t.sender_instrument_id end as account_id
        from transactions t
        where t.org_id = ${orgId}
          and t.internal_txn_type in ('CASH_DEPOSIT', 'CASH_WITHDRAWAL')
          and t.event_time >= (${range.from}::date)::timestamp at time zone ${zone}::text
          and t.event_time < (${range.to}::date + 1)::timestamp at time zone ${zone}::text
          and t.status = 'COMPLETED' and t.currency = 'USD' and not t.is_placeholder
      ),
      involved as (
        select id, amount, cash_in, business_day, holder_id as entity_id, true as holder, account_id from cash where holder_id is not null
        union all
        select id, amount, cash_in, business_day, conductor_id, false, null from cash
          where conductor_id is not null and conductor_id is distinct from holder_id
      ),
      due as (
        select entity_id, business_day,
          coalesce(sum(amount) filter (where cash_in), 0) as cash_in,
          coalesce(sum(amount) filter (where not cash_in), 0) as cash_out,
          (count(*) filter (where cash_in))::int as count_in,
          (count(*) filter (where not cash_in))::int as count_out,
          bool_or(holder) as holder,
          array_agg(id order by id) as transaction_ids,
          array_agg(distinct account_id) filter (where cash_in and account_id is not null) as accounts_in,
          array_agg(distinct account_id) filter (where not cash_in and account_id is not null) as accounts_out
        from involved
        group by entity_id, business_day
        having coalesce(sum(amount) filter (where cash_in), 0) > ${CTR_THRESHOLD_DOLLARS}
          or coalesce(sum(amount) filter (where not cash_in), 0) > ${CTR_THRESHOLD_DOLLARS}
      )
      select d.entity_id, to_char(d.business_day, 'YYYY-MM-DD') as business_day, d.cash_in::text as cash_in, d.cash_out::text as cash_out,
        d.count_in, d.count_out, d.holder, d.transaction_ids,
        (select array_agg(coalesce(i.formatted_data -> s.account_number::text ->> 'formatted_value', i.external_id) order by i.id)
          from instruments i where i.org_id = ${orgId} and i.id = any(d.accounts_in)) as accounts_in,
        (select array_agg(coalesce(i.formatted_data -> s.account_number::text ->> 'formatted_value', i.external_id) order by i.id)
          from instruments i where i.org_id = ${orgId} and i.id = any(d.accounts_out)) as accounts_out,
        e.external_id, e.entity_type, e.name_readable,
        e.formatted_data -> s.dob::text ->> 'formatted_value' as date_of_birth,
        e.formatted_data -> s.occupation::text ->> 'formatted_value' as occupation,
        e.formatted_data -> s.industry::text ->> 'formatted_value' as industry,
        e.formatted_data -> s.address::text ->> 'formatted_value' as address,
        e.geolocations, c.data as ctr_data
      from due d
      cross join settings s
      join entities e on e.org_id = ${orgId} and e.id = d.entity_id
      left join ctr_entity_data c on c.org_id = ${orgId} and c.entity_id = d.entity_id
      order by d.business_day, d.entity_id`,
  );
  return found.map(toFiling);
}

function toFiling(r: CtrRow): CtrFiling {
  const cashIn = Number(r.cash_in);
  const cashOut = Number(r.cash_out);
  const accountsIn = r.accounts_in ?? [];
  const accountsOut = r.accounts_out ?? [];
  const organisation = r.entity_type === 'business';
  return {
    person: personOf(r),
    businessDay: r.business_day,
    cashIn,
    cashOut,
    multipleTransactions: r.count_in > 1 || r.count_out > 1,
    accounts: [...new Set([...accountsIn, ...accountsOut])],
    transactionIds: r.transaction_ids.map(Number),
    accountsByDirection: { cashIn: accountsIn, cashOut: accountsOut },
    // a business never conducts a transaction itself: it is the person on whose behalf it was conducted
    partyRole: organisation ? 'ON_WHOSE_BEHALF' : r.holder ? 'OWN_BEHALF' : 'FOR_ANOTHER',
  };
}

function personOf(r: CtrRow): CtrPerson {
  return withCtrData(fromEntity(r), r.ctr_data);
}

const given = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const TIN_TYPES: readonly TinType[] = ['EIN', 'SSN_ITIN', 'FOREIGN'];

/** The person with the customer's CTR custom data laid over: every value it gives wins. */
export function withCtrData(person: CtrPerson, data: unknown): CtrPerson {
  if (!data || typeof data !== 'object') return person;
  const d = data as Partial<Record<keyof CtrEntityData, unknown>>;
  const tin = given(d.tin);
  const tinType = TIN_TYPES.find((t) => t === d.tin_type) ?? null;
  const address = d.address && typeof d.address === 'object' ? (d.address as Partial<Record<keyof Address, unknown>>) : null;
  const id = d.identification && typeof d.identification === 'object' ? (d.identification as Record<string, unknown>) : null;
  const dob = given(d.date_of_birth);
  return {
    ...person,
    lastOrLegalName: given(d.last_or_legal_name) ?? person.lastOrLegalName,
    firstName: given(d.first_name) ?? person.firstName,
    middleName: given(d.middle_name) ?? person.middleName,
    // a TIN goes with its type: one without the other says nothing
    ...(tin && tinType ? { tin, tinType } : {}),
    dateOfBirth: dob && DAY.test(dob) ? dob : person.dateOfBirth,
    address: address
      ? { street: given(address.street), city: given(address.city), state: given(address.state), zip: given(address.zip), country: given(address.country) }
      : person.address,
    occupation: given(d.occupation) ?? person.occupation,
    identification:
      id && given(id.number)
        ? { type: given(id.type) ?? '', number: given(id.number)!, issuerState: given(id.issuer_state), issuerCountry: given(id.issuer_country) }
        : person.identification,
  };
}

function fromEntity(r: CtrRow): CtrPerson {
  const organisation = r.entity_type === 'business';
  const words = r.name_readable.trim().split(/\s+/).filter(Boolean);
  const individualName =
    words.length === 0
      ? { last: null, first: null, middle: null }
      : words.length === 1
        ? { last: words[0], first: null, middle: null }
        : { last: words[words.length - 1], first: words[0], middle: words.slice(1, -1).join(' ') || null };
  const dob = r.date_of_birth && /^\d{4}-\d{2}-\d{2}/.test(r.date_of_birth) ? r.date_of_birth.slice(0, 10) : null;
  return {
    entityId: r.entity_id,
    externalId: r.external_id,
    kind: organisation ? 'ORGANIZATION' : 'INDIVIDUAL',
    lastOrLegalName: organisation ? r.name_readable.trim() || null : individualName.last,
    firstName: organisation ? null : individualName.first,
    middleName: organisation ? null : individualName.middle,
    tin: null,
    tinType: null,
    dateOfBirth: organisation ? null : dob,
    address: addressOf(r.address, r.geolocations),
    occupation: (organisation ? r.industry : r.occupation)?.trim() || null,
    identification: null,
  };
}

/**
 * The entity's address field when it reads "street, city, XX" (XX a state or province code), with
 * the country of the entity's geolocation in that city and region; null otherwise (the filing then
 * marks the address unknown).
 */
function addressOf(text: string | null, geolocations: unknown): Address | null {
  if (!text) return null;
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 3 || parts.some((p) => !p) || !/^[A-Z]{2}$/.test(parts[2])) return null;
  const [street, city, state] = parts;
  const places = Array.isArray(geolocations) ? (geolocations as Array<{ geolocation_string?: unknown }>) : [];
  const country =
    places
      .map((g) => (typeof g.geolocation_string === 'string' ? g.geolocation_string.split(',').map((p) => p.trim()) : []))
      .find((p) => p.length === 3 && p[0] === city && p[1] === state && /^[A-Z]{2}$/.test(p[2]))?.[2] ?? null;
  return { street, city, state, zip: null, country };
}
