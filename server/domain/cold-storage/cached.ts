import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/sql.js';
import type { ColdObjectType } from './kinds.js';
import { coldReadState, type DataLoader } from './read.js';

/**
 * data_loader of a hot record in a cached read: null while the organisation keeps its working
 * data in Postgres, loaded when its data store is the data lake (DL).
 */
export async function hotDataLoader(db: Db, orgId: number): Promise<DataLoader> {
  const row = await firstRow<{ data_store: string }>(db, sql`select data_store from organisation_settings where org_id = ${orgId}`);
  return row?.data_store === 'DL' ? { status: 'loaded' } : null;
}

/**
 * The data_loader of each record of a cached read, starting the rehydration of the cold ones.
 * For a detail read, call it before reading the record (see coldReadState).
 */
export async function cachedLoaders(db: Db, orgId: number, type: ColdObjectType, ids: readonly number[]): Promise<(id: number) => DataLoader> {
  const [cold, hot] = await Promise.all([coldReadState(db, orgId, type, ids), hotDataLoader(db, orgId)]);
  return (id) => (cold.has(id) ? cold.get(id)! : hot);
}

/** Sets data_loader on each record of a page already read. */
export async function withDataLoaders<T extends { id: number }>(
  db: Db,
  orgId: number,
  type: ColdObjectType,
  list: T[],
): Promise<Array<T & { data_loader: DataLoader }>> {
  const loader = await cachedLoaders(
    db,
    orgId,
    type,
    list.map((r) => r.id),
  );
  return list.map((r) => ({ ...r, data_loader: loader(r.id) }));
}
