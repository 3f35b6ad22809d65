import { sql } from 'drizzle-orm';
import { sarNext, type SarEvent } from '../../../machines/sar.machine.js';
import type { Db } from '../../db/client.js';
import { firstRow, intArray, rows, type SqlRunner } from '../../db/sql.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler } from '../../jobs/worker.js';
import type { Address, FieldProblem, FilerProfile, SarFiling, SarSubject, SuspiciousActivityCategory } from './model.js';
import { validateSar } from './prefiling.js';

/**
 * Filing jobs. A SAR's prefiling validation runs as a durable job queued by every save: the job
 * moves the SAR from PREFILING_VALIDATION_PENDING to IN_PROCESS, checks it as FinCEN would
 * (prefiling.ts) against the organisation's filer profile, stores the problems and moves it to
 * SUCCESS (no FATAL problem) or FAILED. A save while the job waits makes it check the newer content;
 * a job that finds the SAR no longer pending (saved again and validated by a later job, archived)
 * does nothing.
 */

export const PREFILING_JOB = 'filings.prefiling';

export async function enqueuePrefiling(db: SqlRunner, orgId: number, sarId: number): Promise<number> {
  const id = await enqueueJob(db, { orgId, kind: PREFILING_JOB, payload: { sar_id: sarId }, maxAttempts: 3 });
  wakeWorkers();
  return id;
}

const blankAddress = (): Address => ({ street: null, city: null, state: null, zip: null, country: null });

/** A profile with nothing in it: what validation checks when the organisation has not set its own (every field is then reported). */
export function blankProfile(): FilerProfile {
  return {
    transmitter: { name: '', tin: '', tcc: '', address: blankAddress(), phone: '', contactName: '' },
    institution: {
      legalName: '',
      tin: '',
      tinType: 'EIN',
      primaryRegulator: '',
      institutionType: '',
      rssd: null,
      address: blankAddress(),
      contactOffice: { name: '', phone: '' },
    },
  };
}

export async function filerProfile(db: SqlRunner, orgId: number): Promise<FilerProfile | null> {
  const row = await firstRow<{ profile: FilerProfile | null }>(db, sql`select profile from filing_settings where org_id = ${orgId}`);
  return row?.profile ?? null;
}

interface StoredSar {
  id: number;
  case_id: number | null;
  filing_type: SarFiling['filingType'];
  prior_bsa_id: string | null;
  activity_start: string | null;
  activity_end: string | null;
  total_amount: number | null;
  categories: SuspiciousActivityCategory[];
  subjects: SarSubject[];
  ip_addresses: SarFiling['ipAddresses'];
  narrative: string | null;
  today: string;
}

/** Stored SARs as the filings they would make today, in the order of `ids` (unknown dates are empty: validation reports them). */
export async function storedFilings(db: SqlRunner, orgId: number, ids: readonly number[]): Promise<SarFiling[]> {
  if (!ids.length) return [];
  const found = await rows<StoredSar>(
    db,
    sql`select s.id, s.case_id, s.filing_type, s.prior_bsa_id, s.activity_start::text as activity_start, s.activity_end::text as activity_end,
        s.total_amount::float8 as total_amount, s.categories, s.subjects, s.ip_addresses, s.narrative,
        to_char(now() at time zone coalesce(os.timezone, 'America/New_York'), 'YYYY-MM-DD') as today
      from sars s left join organisation_settings os on os.org_id = s.org_id
      where s.org_id = ${orgId} and s.id = any(${intArray(ids)})`,
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id: row.id,
        filingType: row.filing_type,
        priorBsaId: row.prior_bsa_id,
        internalControlNumber: row.case_id ? `CASE-${row.case_id}` : `SAR-${row.id}`,
        activityStart: row.activity_start ?? '',
        activityEnd: row.activity_end ?? '',
        totalAmount: row.total_amount,
        categories: row.categories,
        subjects: row.subjects,
        ipAddresses: row.ip_addresses,
        narrative: row.narrative ?? '',
        filingDate: row.today,
        branch: null,
      },
    ];
  });
}

export async function storedFiling(db: SqlRunner, orgId: number, sarId: number): Promise<SarFiling | null> {
  return (await storedFilings(db, orgId, [sarId]))[0] ?? null;
}

/** Moves a SAR by a lifecycle event when its status takes it; false (nothing written) when it does not. */
export async function moveSar(tx: SqlRunner, orgId: number, sarId: number, event: SarEvent['type']): Promise<boolean> {
  const row = await firstRow<{ status: string }>(tx, sql`select status from sars where org_id = ${orgId} and id = ${sarId} for update`);
  const to = row ? sarNext(row.status, event) : null;
  if (!to) return false;
  await tx.execute(sql`update sars set status = ${to}, updated_at = now() where org_id = ${orgId} and id = ${sarId}`);
  return true;
}

/**
 * Runs one SAR's prefiling validation; answers what it found, or null when the SAR was not waiting
 * for one. IN_PROCESS is committed first, so the console shows it; a job that dies after that finds
 * the SAR in process when it is claimed again and finishes the work.
 */
export async function runPrefiling(db: Db, orgId: number, sarId: number): Promise<{ status: string; problems: FieldProblem[] } | null> {
  await db.transaction(async (tx) => void (await moveSar(tx, orgId, sarId, 'validation.start')));
  return db.transaction(async (tx) => {
    const row = await firstRow<{ status: string }>(tx, sql`select status from sars where org_id = ${orgId} and id = ${sarId} for update`);
    if (row?.status !== 'PREFILING_VALIDATION_IN_PROCESS') return null;
    const filing = await storedFiling(tx, orgId, sarId);
    if (!filing) return null;
    const profile = await filerProfile(tx, orgId);
    const problems: FieldProblem[] = [
      ...(profile ? [] : [{ path: 'profile', message: 'The organisation’s filer profile is not set (Filings settings).', level: 'FATAL' as const }]),
      ...validateSar(filing, profile ?? blankProfile(), { today: filing.filingDate }),
    ];
    const passed = !problems.some((p) => p.level === 'FATAL');
    await moveSar(tx, orgId, sarId, passed ? 'validation.succeed' : 'validation.fail');
    await tx.execute(
      sql`update sars set prefiling_problems = ${JSON.stringify(problems)}::jsonb, validated_at = now() where org_id = ${orgId} and id = ${sarId}`,
    );
    return { status: passed ? 'PREFILING_VALIDATION_SUCCESS' : 'PREFILING_VALIDATION_FAILED', problems };
  });
}

export const filingJobHandlers: Record<string, JobHandler> = {
  [PREFILING_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const found = await runPrefiling(ctx.db, job.org_id, Number(job.payload.sar_id));
    return found ? { status: found.status, problems: found.problems.length } : { skipped: true };
  },
};
