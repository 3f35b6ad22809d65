import { sql } from 'drizzle-orm';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { rows, type SqlRunner } from '../../../db/sql.js';
import type { PeriodicTask } from '../../../jobs/worker.js';
import { customerSubjects } from '../sar-draft.js';
import { fintracSubject, fintracTransactions } from './draft.js';
import { enqueueFintracPrefiling, fintracSettingsOf } from './jobs.js';
import { LCTR_DUE_DAYS, LCTR_THRESHOLD } from './model.js';

/**
 * Large cash transaction reports: FINTRAC requires one when a reporting entity receives 10,000
 * dollars or more in cash in a single transaction, or in several transactions within 24
 * consecutive hours made by or on behalf of the same person or entity (the 24-hour rule).
 *
 * Cash received is a COMPLETED, non-placeholder CASH_DEPOSIT in Canadian dollars; it is received on
 * behalf of the customer whose account it goes into (the receiver; the sender when there is none).
 * Each customer's receipts are read in time order; a 24-hour window opens at the first receipt not
 * yet reported and takes every receipt before it closes; a window reaching 10,000 is one LCTR (the
 * 24-hour rule flag set when it took several receipts) and the next window opens after it; one that
 * does not moves on to the next receipt. Only the last 15 days are read (an LCTR is due within 15
 * days: older receipts are past the drafting), and only for an organisation whose FINTRAC settings
 * turn LCTRs on. Drafts enter the lifecycle like any report (a prefiling validation is queued) and
 * wait for an analyst to review them; drafting twice makes nothing more (`lctr_key`: customer and
 * first receipt).
 */

export interface CashReceipt {
  id: number;
  customer: number;
  at: number;
  amount: number;
}

export interface LctrWindow {
  customer: number;
  receipts: CashReceipt[];
  total: number;
}

/** The LCTRs due in `receipts` (any order), leaving out receipts already reported. */
export function lctrWindows(receipts: readonly CashReceipt[], reported: ReadonlySet<number> = new Set()): LctrWindow[] {
  const byCustomer = new Map<number, CashReceipt[]>();
  for (const r of receipts) if (!reported.has(r.id)) byCustomer.set(r.customer, [...(byCustomer.get(r.customer) ?? []), r]);
  const out: LctrWindow[] = [];
  for (const [customer, list] of [...byCustomer.entries()].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => a.at - b.at || a.id - b.id);
    let i = 0;
    while (i < list.length) {
      const closes = list[i].at + 24 * 3600_000;
      let j = i;
      let total = 0;
      while (j < list.length && list[j].at < closes) total += list[j++].amount;
      if (total >= LCTR_THRESHOLD) {
        out.push({ customer, receipts: list.slice(i, j), total: Math.round(total * 100) / 100 });
        i = j;
      } else i++;
    }
  }
  return out;
}

/** The system as the writer of LCTR drafts: it reads only what no censorship hides. */
function drafter(orgId: number): Principal {
  return {
    agentId: 0,
    orgId,
    homeOrgId: orgId,
    email: 'lctr-drafting@vigil.invalid',
    fullName: 'LCTR drafting',
    isInternal: false,
    isAiAdmin: false,
    permissions: new Set(),
    rootAll: false,
    featureFlags: new Set(),
    sessionFamily: 'system',
    connection: 'email',
    impersonationLogId: null,
    actorId: null,
  };
}

async function orgZone(db: SqlRunner, orgId: number): Promise<string> {
  const [row] = await rows<{ zone: string | null }>(db, sql`select timezone as zone from organisation_settings where org_id = ${orgId}`);
  return row?.zone ?? 'America/Toronto';
}

/** Drafts the organisation's due LCTRs; answers the new reports' ids. */
export async function draftLctrs(db: Db, orgId: number, now: Date = new Date()): Promise<number[]> {
  const settings = await fintracSettingsOf(db, orgId);
  if (!settings?.lctr_enabled) return [];
  const since = new Date(now.getTime() - LCTR_DUE_DAYS * 24 * 3600_000);
  const receipts = await rows<{ id: number; customer: number; at: string; amount: number }>(
    db,
    sql`select t.id, coalesce(t.receiver_entity_id, t.sender_entity_id) as customer, t.event_time as at, t.amount::float8 as amount
      from transactions t
      where t.org_id = ${orgId} and t.internal_txn_type = 'CASH_DEPOSIT' and t.event_time >= ${since.toISOString()}::timestamptz
        and t.event_time <= ${now.toISOString()}::timestamptz and t.status = 'COMPLETED' and not t.is_placeholder and t.currency = 'CAD'
        and coalesce(t.receiver_entity_id, t.sender_entity_id) is not null and t.amount > 0`,
  );
  if (!receipts.length) return [];
  const reported = await rows<{ id: number }>(
    db,
    sql`select (line->>'transaction_id')::int as id from fintrac_reports r, jsonb_array_elements(r.content->'transactions') line
      where r.org_id = ${orgId} and r.report_type = 'LCTR' and r.status <> 'ARCHIVED' and r.created_at >= ${since.toISOString()}::timestamptz - interval '2 days'
        and line->>'transaction_id' is not null`,
  );
  const windows = lctrWindows(
    receipts.map((r) => ({ id: r.id, customer: r.customer, at: new Date(r.at).getTime(), amount: r.amount })),
    new Set(reported.map((r) => r.id)),
  );
  const zone = await orgZone(db, orgId);
  const principal = drafter(orgId);
  const created: number[] = [];
  for (const w of windows) {
    const ids = w.receipts.map((r) => r.id);
    await db.transaction(async (tx) => {
      const subjects = (await customerSubjects(tx, principal, [w.customer], ids)).map(fintracSubject);
      const transactions = await fintracTransactions(tx, orgId, ids, new Set([w.customer]), zone);
      const first = w.receipts[0];
      const [row] = await rows<{ id: number }>(
        tx,
        sql`insert into fintrac_reports (org_id, report_type, status, name, reference, deadline, content, total_amount, twenty_four_hour_rule, lctr_key)
          values (${orgId}, 'LCTR', 'PREFILING_VALIDATION_PENDING', ${`LCTR ${subjects[0]?.surname_or_name ?? `customer ${w.customer}`} ${transactions[0]?.date_time?.slice(0, 10) ?? ''}`.trim()},
            ${`LCTR-${orgId}-${first.id}`}, ${new Date(first.at + LCTR_DUE_DAYS * 24 * 3600_000).toISOString()}::timestamptz,
            ${JSON.stringify({ suspicion: '', action_taken: '', subjects, transactions })}::jsonb, ${w.total}, ${w.receipts.length > 1}, ${`${w.customer}:${first.id}`})
          on conflict (org_id, lctr_key) do nothing returning id`,
      );
      if (!row) return;
      await enqueueFintracPrefiling(tx, orgId, row.id);
      created.push(row.id);
    });
  }
  return created;
}

/** Drafts the due LCTRs of every organisation with LCTRs on, every `everyMs`. */
export function lctrDraftingTask(everyMs: number): PeriodicTask {
  return {
    name: 'lctr-drafting',
    everyMs,
    firstAfterMs: Math.min(everyMs, 20_000),
    run: async ({ db }) => {
      const orgs = await rows<{ org_id: number }>(db, sql`select org_id from fintrac_settings where (settings->>'lctr_enabled')::boolean order by org_id`);
      for (const { org_id } of orgs) await draftLctrs(db, org_id);
    },
  };
}
