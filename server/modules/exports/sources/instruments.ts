import { sql } from 'drizzle-orm';
import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import { intArray, rows } from '../../../db/sql.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { loadViewer } from '../../../domain/censorship/viewer.js';
import { objectsOfAlertsPage } from '../../alerts/index.js';
import { loadInstruments } from '../../instruments/index.js';
import { chosenColumns } from './data-columns.js';
import { names } from './types.js';

type S = components['schemas'];

/** An instrument as the list answers it, with its owner's external id. */
type InstrumentRow = S['Instrument'] & { owner_external_id: string | null };

const INSTRUMENT_COLUMNS: Record<S['InstrumentExportColumn'], (i: InstrumentRow) => Cell> = {
  id: (i) => i.id,
  external_id: (i) => i.external_id,
  instrument_type: (i) => i.instrument_type,
  status: (i) => i.status,
  owner_entity_id: (i) => i.entity_id,
  owner_entity_external_id: (i) => i.owner_external_id,
  created_at: (i) => i.created_at,
  tags: (i) => names(i.tags),
};

/** The instrument lists page at most 100 rows. */
const INSTRUMENT_PAGE = 100;

/**
 * The alert's Instruments list: the distinct instruments of the alerts, ordered by id, read as POST
 * /api/instruments/cached/list reads them (the alerts' visibility checked on every page, the
 * instruments loaded and censored for the caller by the list's loader), with each owner's external id.
 */
async function instrumentSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const filters = params.filters as S['InstrumentExportRequest']['filters'];
  const columns = await chosenColumns(db, p, INSTRUMENT_COLUMNS, params.columns);
  const viewer = await loadViewer(db, p);
  return {
    header: columns.map((c) => c.label),
    async page(offset) {
      const limit = Math.min(pageRows, INSTRUMENT_PAGE);
      const { count, ids } = await objectsOfAlertsPage(db, p, { table: 'alert_instruments', column: 'instrument_id' }, filters.alert_ids, {
        limit,
        offset,
      });
      const instruments = await loadInstruments(db, viewer, ids);
      const ownerIds = [...new Set(instruments.flatMap((i) => (i.entity_id === null ? [] : [i.entity_id])))];
      const owners = ownerIds.length
        ? await rows<{ id: number; external_id: string }>(
            db,
            sql`select id, external_id from entities where org_id = ${p.orgId} and id = any(${intArray(ownerIds)})`,
          )
        : [];
      const externalIds = new Map(owners.map((o) => [o.id, o.external_id]));
      const listed = instruments.map((i): InstrumentRow => ({ ...i, owner_external_id: i.entity_id === null ? null : (externalIds.get(i.entity_id) ?? null) }));
      return { count, rows: listed.map((i) => columns.map((c) => c.value(i))) };
    },
  };
}

export const instrumentExport: ExportSource = { permission: 'read_transaction_instruments', source: instrumentSource };
