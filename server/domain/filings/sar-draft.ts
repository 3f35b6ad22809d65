import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { intArray, rows, type SqlRunner } from '../../db/sql.js';
import { plainValue, principalTeamIds, settingAccess } from '../censorship/access.js';
import { suspiciousActivitySubtype } from '../../../core/filings/fincen-codes.js';
import type { Address, SarFiling, SarSubject, SuspiciousActivityCategory } from './model.js';

/**
 * A SAR written from a case: what an analyst would otherwise copy by hand. Its subjects are the
 * case's customers, with what their records hold that the writer may read in clear (a SAR never
 * carries what its writer may not read; the rest is left for them to fill in, and prefiling
 * validation says what is missing). Its transactions are those of the case's alerts; the activity
 * runs from the first to the last of them (in the organisation's zone) and the amount is their
 * total in US dollars. Its categories are those the alerts' rules name (`sar_categories` in a
 * rule's spec, FinCEN subtype codes), and its narrative starts from the case's description.
 */

/** A SAR's content as stored and edited: SarFiling's fields, with the activity dates still unknown (null) until the analyst sets them. */
export type SarDraft = Omit<SarFiling, 'id' | 'filingDate' | 'branch' | 'internalControlNumber' | 'activityStart' | 'activityEnd'> & {
  activityStart: string | null;
  activityEnd: string | null;
  transactionIds: number[];
};

/** The transactions a SAR lists at most (the case's first ones by time). */
export const SAR_TRANSACTIONS_LIMIT = 10_000;

interface EntityRow {
  id: number;
  entity_type: string;
  name_readable: string;
  email: string | null;
  phone: string | null;
  formatted_data: Record<string, { formatted_value?: unknown } | undefined>;
}

interface SettingRow {
  id: number;
  key_path: string;
  censorship_setting: string;
  team_ids: number[];
  agent_ids: number[];
}

/** Entity fields a SAR subject is written from, by data setting key path. */
const SUBJECT_FIELDS = ['entity.address', 'entity.date_of_birth', 'entity.occupation', 'entity.tax_id', 'entity.ssn', 'entity.industry'] as const;

/** "12 Main St, Newark, NJ" (the console's address field) as a filing address; a two-letter region is a US state. */
export function parseAddress(text: string): Address {
  const parts = text.split(',').map((p) => p.trim());
  const region = parts.length >= 3 ? parts[parts.length - 1] : null;
  const usState = region !== null && /^[A-Z]{2}$/.test(region);
  return {
    street: parts[0] || null,
    city: parts.length >= 3 ? parts[parts.length - 2] || null : (parts[1] ?? null),
    state: usState ? region : null,
    zip: null,
    country: usState ? 'US' : null,
  };
}

/** "Dana Q. Smith" as first, middle and last name (an individual's readable name). */
export function splitName(name: string): { first: string | null; middle: string | null; last: string | null } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { first: null, middle: null, last: null };
  if (words.length === 1) return { first: null, middle: null, last: words[0] };
  return { first: words[0], middle: words.length > 2 ? words.slice(1, -1).join(' ') : null, last: words[words.length - 1] };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);

function subjectOf(e: EntityRow, fields: Map<string, unknown>, accounts: string[]): SarSubject {
  const organisation = e.entity_type === 'business';
  const name = organisation ? { first: null, middle: null, last: e.name_readable } : splitName(e.name_readable);
  const taxId = text(fields.get('entity.tax_id'));
  const ssn = text(fields.get('entity.ssn'));
  const tin = (organisation ? taxId : (ssn ?? taxId))?.replace(/\D/g, '') || null;
  const address = text(fields.get('entity.address'));
  const dob = text(fields.get('entity.date_of_birth'));
  return {
    entityId: e.id,
    kind: organisation ? 'ORGANIZATION' : 'INDIVIDUAL',
    lastOrLegalName: name.last,
    firstName: name.first,
    middleName: name.middle,
    alternateName: null,
    tin,
    tinType: tin ? (organisation ? 'EIN' : 'SSN_ITIN') : null,
    dateOfBirth: !organisation && dob && /^\d{4}-\d{2}-\d{2}/.test(dob) ? dob.slice(0, 10) : null,
    address: address ? parseAddress(address) : null,
    phone: e.phone
      ? e.phone
          .replace(/\D/g, '')
          .replace(/^1(?=\d{10}$)/, '')
          .slice(0, 16) || null
      : null,
    email: e.email,
    occupation: text(fields.get(organisation ? 'entity.industry' : 'entity.occupation'))?.slice(0, 50) ?? null,
    accounts: accounts.map((number) => ({ number, closed: false })),
    // the case's customers are the institution's customers
    relationship: '7',
  };
}

/**
 * Customers as filing subjects, with what their records hold that `principal` may read in clear,
 * and the accounts of theirs that `transactionIds` moved money through.
 */
export async function customerSubjects(db: SqlRunner, principal: Principal, entityIds: number[], transactionIds: number[]): Promise<SarSubject[]> {
  const orgId = principal.orgId;
  const entities = await rows<EntityRow>(
    db,
    sql`select e.id, e.entity_type, e.name_readable, e.email, e.phone, e.formatted_data from entities e
      where e.org_id = ${orgId} and e.id = any(${intArray(entityIds)}) order by e.id`,
  );
  const settings = await rows<SettingRow>(
    db,
    sql`select id, key_path, censorship_setting, team_ids_with_censorship_read_permission as team_ids,
        agent_ids_with_censorship_read_permission as agent_ids
      from data_settings where org_id = ${orgId} and key_path in (${sql.join(
        SUBJECT_FIELDS.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  const teams = await principalTeamIds(db, principal);
  const readable = settings.filter(
    (s) => settingAccess(principal, teams, { censorship_setting: s.censorship_setting, team_ids: s.team_ids, agent_ids: s.agent_ids }) === 'read',
  );
  const accounts = await rows<{ entity_id: number; external_id: string }>(
    db,
    sql`select distinct i.entity_id, i.external_id from instruments i
      where i.org_id = ${orgId} and i.instrument_type = 'account' and i.entity_id = any(${intArray(entities.map((e) => e.id))})
        and exists (select 1 from transactions t where t.org_id = i.org_id and t.id = any(${intArray(transactionIds)})
          and (t.sender_instrument_id = i.id or t.receiver_instrument_id = i.id))
      order by i.external_id`,
  );
  return entities.map((e) => {
    const fields = new Map<string, unknown>();
    for (const s of readable) {
      const stored = e.formatted_data?.[String(s.id)]?.formatted_value;
      if (stored !== undefined && stored !== null) fields.set(s.key_path, plainValue(stored));
    }
    return subjectOf(
      e,
      fields,
      accounts.filter((a) => a.entity_id === e.id).map((a) => a.external_id.slice(0, 40)),
    );
  });
}

/** The draft of a SAR for a case, as `principal` may write it. */
export async function draftFromCase(db: SqlRunner, principal: Principal, caseId: number, zone: string): Promise<SarDraft> {
  const orgId = principal.orgId;
  const txns = await rows<{ id: number; day: string; amount: number | null; currency: string }>(
    db,
    sql`select t.id, to_char(t.event_time at time zone ${zone}, 'YYYY-MM-DD') as day, t.amount::float8 as amount, t.currency
      from transactions t
      where t.org_id = ${orgId} and t.id in (select at.transaction_id from case_alerts ca
        join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
        where ca.org_id = ${orgId} and ca.case_id = ${caseId})
      order by t.event_time, t.id limit ${SAR_TRANSACTIONS_LIMIT}`,
  );
  const days = txns.map((t) => t.day).sort();
  const usd = txns.filter((t) => t.currency === 'USD' && t.amount !== null);
  const total = usd.length ? Math.round(usd.reduce((sum, t) => sum + (t.amount ?? 0), 0) * 100) / 100 : null;

  const caseEntities = await rows<{ entity_id: number }>(
    db,
    sql`select entity_id from case_entities where org_id = ${orgId} and case_id = ${caseId} order by entity_id limit 999`,
  );
  const subjects = await customerSubjects(
    db,
    principal,
    caseEntities.map((e) => e.entity_id),
    txns.map((t) => t.id),
  );

  const ruleCategories = await rows<{ codes: unknown }>(
    db,
    sql`select distinct v.spec->'sar_categories' as codes from case_alerts ca
      join alert_rules ar on ar.org_id = ca.org_id and ar.alert_id = ca.alert_id
      join rules r on r.org_id = ar.org_id and r.id = ar.rule_id
      join rule_versions v on v.org_id = r.org_id and v.rule_id = r.id and v.version = r.version
      where ca.org_id = ${orgId} and ca.case_id = ${caseId} and v.spec ? 'sar_categories'`,
  );
  const seen = new Set<number>();
  const categories: SuspiciousActivityCategory[] = [];
  for (const { codes } of ruleCategories) {
    for (const code of Array.isArray(codes) ? codes : []) {
      const known = Number.isInteger(code) ? suspiciousActivitySubtype(code as number) : undefined;
      // a code FinCEN does not know, or an "Other" one (it needs a description a rule cannot give), is left out
      if (!known || known.other || seen.has(known.id)) continue;
      seen.add(known.id);
      categories.push({ type: known.type, subtype: known.id, other: null });
    }
  }
  const [kase] = await rows<{ description: string | null }>(db, sql`select description from cases where org_id = ${orgId} and id = ${caseId}`);

  return {
    filingType: 'INITIAL',
    priorBsaId: null,
    activityStart: days[0] ?? null,
    activityEnd: days.at(-1) ?? null,
    totalAmount: total,
    categories: categories.sort((a, b) => a.subtype - b.subtype),
    subjects,
    ipAddresses: [],
    narrative: kase?.description ?? '',
    transactionIds: txns.map((t) => t.id),
  };
}
