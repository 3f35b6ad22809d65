import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { firstRow } from '../../db/sql.js';

/** An entity of the organisation: its id from its external id, or that it exists (404 otherwise). */

export async function entityIdByExternalId(db: Db, orgId: number, externalId: string): Promise<number> {
  const row = await firstRow<{ id: number }>(db, sql`select id from entities where org_id = ${orgId} and external_id = ${externalId}`);
  if (!row) throw notFound('Entity');
  return row.id;
}

/** 404 unless the entity is in the organisation. */
export async function requireEntity(db: Db, orgId: number, id: number): Promise<void> {
  const row = await firstRow<{ id: number }>(db, sql`select id from entities where org_id = ${orgId} and id = ${id}`);
  if (!row) throw notFound('Entity');
}
