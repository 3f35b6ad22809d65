import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { firstRow, inOrder, intArray, iso, rows, type Ts } from '../../db/sql.js';
import { notFound } from '../../lib/errors.js';
import { formattedData, type Viewer } from '../../domain/censorship/viewer.js';
import { loadAnnotations } from '../annotations/index.js';

/** Instruments by id, in the contract's shape, in the order of the ids (ids not found are skipped). */

type Instrument = components['schemas']['Instrument'];

interface InstrumentRow {
  id: number;
  external_id: string;
  instrument_type: string;
  status: string;
  entity_id: number | null;
  formatted_data: unknown;
  created_at: Ts;
}

const INSTRUMENT_STATUS: Record<string, Instrument['status']> = { ACTIVE: 'active', LOCKED: 'locked', DEACTIVATED: 'deactivated' };

export async function loadInstruments(db: Db, viewer: Viewer, ids: readonly number[]): Promise<Instrument[]> {
  if (!ids.length) return [];
  const [list, annotations] = await Promise.all([
    rows<InstrumentRow>(
      db,
      sql`select id, external_id, instrument_type, status, entity_id, formatted_data, created_at
        from instruments where org_id = ${viewer.orgId} and id = any(${intArray(ids)})`,
    ),
    loadAnnotations(db, viewer.orgId, 'INSTRUMENT', ids),
  ]);
  return inOrder(ids, list).map((i) => ({
    id: i.id,
    external_id: i.external_id,
    instrument_type: i.instrument_type as Instrument['instrument_type'],
    status: INSTRUMENT_STATUS[i.status.toUpperCase()] ?? 'active',
    entity_id: i.entity_id,
    ...annotations(i.id),
    formatted_data: formattedData(i.formatted_data, viewer),
    created_at: iso(i.created_at),
  }));
}

/** 404 unless the instrument is in the organisation. */
export async function requireInstrument(db: Db, orgId: number, id: number): Promise<void> {
  const row = await firstRow<{ id: number }>(db, sql`select id from instruments where org_id = ${orgId} and id = ${id}`);
  if (!row) throw notFound('Instrument');
}
