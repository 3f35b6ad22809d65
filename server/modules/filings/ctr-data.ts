import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { firstRow, iso, type SqlRunner } from '../../db/sql.js';
import { NO_CTR_ENTITY_DATA, type CtrEntityData } from '../../domain/filings/ctr.js';
import { audit, changedFields } from '../../lib/audit.js';
import { badRequest, notFound, type ErrorDetail } from '../../lib/errors.js';
import { defineHandlers } from '../types.js';

/**
 * A customer's CTR data: the identity values a CTR needs that the customer's record lacks (TIN,
 * identification, and any name, date of birth, address or occupation to report instead of the
 * record's). computeCtrs (server/domain/filings/ctr.ts) lays them over the record.
 */

type S = components['schemas'];

interface Stored {
  data: Partial<CtrEntityData> | null;
  updated_by_id: number | null;
  updated_by_name: string | null;
  updated_at: Date | string | null;
}

/** The entity's CTR data (nothing given when never saved); 404 unless the entity is in the organisation. */
async function ctrData(db: SqlRunner, orgId: number, entityId: number): Promise<S['CtrEntityData']> {
  const row = await firstRow<Stored & { entity_id: number }>(
    db,
    sql`select e.id as entity_id, c.data, c.updated_by_id, a.full_name as updated_by_name, c.updated_at
      from entities e
      left join ctr_entity_data c on c.org_id = e.org_id and c.entity_id = e.id
      left join agents a on a.id = c.updated_by_id
      where e.org_id = ${orgId} and e.id = ${entityId}`,
  );
  if (!row) throw notFound('Entity');
  return {
    entity_id: row.entity_id,
    data: { ...NO_CTR_ENTITY_DATA, ...(row.data ?? {}) },
    updated_by: row.updated_by_id !== null && row.updated_by_name !== null ? { id: row.updated_by_id, full_name: row.updated_by_name } : null,
    updated_at: row.updated_at === null ? null : iso(row.updated_at),
  };
}

const CODE = /^[A-Z]{2}$/;

function isPastDate(day: string, today: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day && day <= today && day >= '1900-01-01';
}

/** The checks the contract cannot make, each as a detail of the 400. */
function checkBody(body: CtrEntityData): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const blank = (path: string, value: string | null | undefined) => {
    if (typeof value === 'string' && value.trim() === '') details.push({ path: `body/${path}`, message: 'is blank: send null when unknown' });
  };
  blank('last_or_legal_name', body.last_or_legal_name);
  blank('first_name', body.first_name);
  blank('middle_name', body.middle_name);
  blank('occupation', body.occupation);
  blank('tin', body.tin);
  if (body.tin !== null && body.tin_type === null) details.push({ path: 'body/tin_type', message: 'is needed with a TIN' });
  if (body.tin === null && body.tin_type !== null) details.push({ path: 'body/tin', message: 'is needed with a TIN type' });
  if (
    body.tin !== null &&
    body.tin.trim() !== '' &&
    (body.tin_type === 'SSN_ITIN' || body.tin_type === 'EIN') &&
    !/^\d{9}$/.test(body.tin.replace(/[\s-]/g, ''))
  )
    details.push({ path: 'body/tin', message: `is not 9 digits (an ${body.tin_type === 'EIN' ? 'EIN' : 'SSN or ITIN'})` });
  if (body.date_of_birth !== null && !isPastDate(body.date_of_birth, new Date().toISOString().slice(0, 10)))
    details.push({ path: 'body/date_of_birth', message: 'is not a date between 1900-01-01 and today' });
  if (body.address) {
    const a = body.address;
    for (const key of ['street', 'city', 'zip'] as const) blank(`address/${key}`, a[key]);
    if (a.state !== null && !CODE.test(a.state)) details.push({ path: 'body/address/state', message: 'is not a two-letter state code (capitals)' });
    if (a.country !== null && !CODE.test(a.country)) details.push({ path: 'body/address/country', message: 'is not a two-letter ISO country code (capitals)' });
  }
  if (body.identification) {
    const id = body.identification;
    blank('identification/type', id.type);
    blank('identification/number', id.number);
    if (id.issuer_state !== null && !CODE.test(id.issuer_state))
      details.push({ path: 'body/identification/issuer_state', message: 'is not a two-letter state code (capitals)' });
    if (id.issuer_country !== null && !CODE.test(id.issuer_country))
      details.push({ path: 'body/identification/issuer_country', message: 'is not a two-letter ISO country code (capitals)' });
  }
  return details;
}

export const ctrDataHandlers = defineHandlers({
  async getEntityCtrData({ db, principal, params }) {
    return ctrData(db, principal.orgId, params.id);
  },

  async updateEntityCtrData({ db, req, principal, params, body }) {
    const data: CtrEntityData = {
      last_or_legal_name: body.last_or_legal_name,
      first_name: body.first_name,
      middle_name: body.middle_name,
      tin: body.tin,
      tin_type: body.tin_type,
      date_of_birth: body.date_of_birth,
      address: body.address,
      occupation: body.occupation,
      identification: body.identification,
    };
    await db.transaction(async (tx) => {
      const before = await ctrData(tx, principal.orgId, params.id);
      const details = checkBody(data);
      if (details.length) throw badRequest('The CTR data is not valid.', details);
      await tx.execute(
        sql`insert into ctr_entity_data (org_id, entity_id, data, updated_by_id, updated_at)
          values (${principal.orgId}, ${params.id}, ${JSON.stringify(data)}::jsonb, ${principal.agentId}, now())
          on conflict (org_id, entity_id) do update set data = excluded.data, updated_by_id = excluded.updated_by_id, updated_at = now()`,
      );
      // the values are personal data (TINs, document numbers): the audit log names the changed fields only
      const changed = changedFields({ ...before.data }, { ...data });
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'filings.ctr_entity_data_updated',
        objectType: 'ENTITY',
        objectId: params.id,
        after: { changed: changed ? Object.keys(changed.after) : [] },
      });
    });
    return ctrData(db, principal.orgId, params.id);
  },
});
