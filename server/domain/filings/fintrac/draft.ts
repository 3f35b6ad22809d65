import { sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import { intArray, rows, type SqlRunner } from '../../../db/sql.js';
import type { SarSubject } from '../model.js';
import { customerSubjects } from '../sar-draft.js';
import { FINTRAC_TRANSACTIONS_LIMIT, PROVINCES, type FintracContent, type FintracSubject, type FintracTransaction } from './model.js';

/**
 * A FINTRAC report's content written from what Vigil knows: an STR from a case (its customers as
 * subjects, the transactions of its alerts, its description as the start of the details of
 * suspicion), and the subjects and transactions of an LCTR (lctr.ts). Subjects carry what their
 * records hold that the writer may read in clear, as a SAR's do (sar-draft.ts).
 */

/** A SAR subject (as sar-draft.ts builds it) in FINTRAC's terms; a Canadian province makes the address Canadian. */
export function fintracSubject(s: SarSubject): FintracSubject {
  const province = s.address?.state ?? null;
  const canadian = province !== null && (PROVINCES as readonly string[]).includes(province);
  return {
    entity_id: s.entityId,
    kind: s.kind === 'ORGANIZATION' ? 'ENTITY' : 'PERSON',
    surname_or_name: s.lastOrLegalName,
    given_name: s.firstName,
    other_name: s.middleName,
    date_of_birth: s.dateOfBirth,
    occupation: s.occupation,
    address: s.address
      ? { street: s.address.street, city: s.address.city, province, postal_code: s.address.zip, country: canadian ? 'CA' : s.address.country }
      : null,
    phone: s.phone,
    identification: null,
    accounts: s.accounts.map((a) => a.number),
  };
}

interface TxnRow {
  id: number;
  date_time: string;
  amount: number | null;
  currency: string;
  internal_txn_type: string | null;
  sender_entity_id: number | null;
  receiver_entity_id: number | null;
  sender_account: string | null;
  receiver_account: string | null;
}

const FUNDS: Record<string, FintracTransaction['funds_type']> = {
  CASH_DEPOSIT: 'CASH',
  CASH_WITHDRAWAL: 'CASH',
  WIRE: 'WIRE',
  CHECK_DEPOSIT: 'CHEQUE',
  CHEQUE: 'CHEQUE',
  CRYPTO: 'VIRTUAL_CURRENCY',
};

/** Transactions as report lines: funds received by the subjects are IN, funds they sent OUT. */
export async function fintracTransactions(
  db: SqlRunner,
  orgId: number,
  ids: number[],
  subjectIds: ReadonlySet<number>,
  zone: string,
): Promise<FintracTransaction[]> {
  if (!ids.length) return [];
  const found = await rows<TxnRow>(
    db,
    sql`select t.id, to_char(t.event_time at time zone ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS') as date_time, t.amount::float8 as amount, t.currency,
        t.internal_txn_type, t.sender_entity_id, t.receiver_entity_id, si.external_id as sender_account, ri.external_id as receiver_account
      from transactions t
      left join instruments si on si.org_id = t.org_id and si.id = t.sender_instrument_id
      left join instruments ri on ri.org_id = t.org_id and ri.id = t.receiver_instrument_id
      where t.org_id = ${orgId} and t.id = any(${intArray(ids)})
      order by t.event_time, t.id`,
  );
  return found.map((t) => {
    const type = t.internal_txn_type ?? '';
    const received = type === 'CASH_DEPOSIT' || (type !== 'CASH_WITHDRAWAL' && t.receiver_entity_id !== null && subjectIds.has(t.receiver_entity_id));
    const account = (received ? t.receiver_account : t.sender_account) ?? t.receiver_account ?? t.sender_account;
    return {
      transaction_id: t.id,
      date_time: t.date_time,
      amount: t.amount,
      currency: t.currency,
      funds_type: FUNDS[type] ?? 'ELECTRONIC_FUNDS_TRANSFER',
      method: type.startsWith('CASH') ? 'IN_PERSON' : 'ONLINE',
      direction: received ? 'IN' : 'OUT',
      account_number: account?.slice(0, 50) ?? null,
      disposition: received ? 'Deposit to account' : type === 'CASH_WITHDRAWAL' ? 'Cash paid out' : 'Outgoing transfer',
      attempted: false,
    };
  });
}

/** An STR's content for a case, as `principal` may write it. */
export async function strFromCase(db: SqlRunner, principal: Principal, caseId: number, zone: string): Promise<FintracContent> {
  const orgId = principal.orgId;
  const txns = await rows<{ id: number }>(
    db,
    sql`select t.id from transactions t
      where t.org_id = ${orgId} and t.id in (select at.transaction_id from case_alerts ca
        join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
        where ca.org_id = ${orgId} and ca.case_id = ${caseId})
      order by t.event_time, t.id limit ${FINTRAC_TRANSACTIONS_LIMIT}`,
  );
  const entities = await rows<{ entity_id: number }>(
    db,
    sql`select entity_id from case_entities where org_id = ${orgId} and case_id = ${caseId} order by entity_id limit 50`,
  );
  const txnIds = txns.map((t) => t.id);
  const subjects = (
    await customerSubjects(
      db,
      principal,
      entities.map((e) => e.entity_id),
      txnIds,
    )
  ).map(fintracSubject);
  const [kase] = await rows<{ description: string | null }>(db, sql`select description from cases where org_id = ${orgId} and id = ${caseId}`);
  return {
    suspicion: kase?.description ?? '',
    action_taken: '',
    subjects,
    transactions: await fintracTransactions(db, orgId, txnIds, new Set(entities.map((e) => e.entity_id)), zone),
  };
}
