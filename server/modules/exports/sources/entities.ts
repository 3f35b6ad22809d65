import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { loadViewer } from '../../../domain/censorship/viewer.js';
import { objectsOfAlertsPage } from '../../alerts/index.js';
import { loadEntities } from '../../entities/index.js';
import { chosenColumns } from './data-columns.js';
import { names } from './types.js';

type S = components['schemas'];

const ENTITY_COLUMNS: Record<S['EntityExportColumn'], (e: S['Entity']) => Cell> = {
  id: (e) => e.id,
  external_id: (e) => e.external_id,
  name: (e) => e.name_readable,
  entity_type: (e) => e.entity_type,
  status: (e) => e.status,
  internal_status: (e) => e.internal_status,
  risk_score: (e) => e.risk_score,
  created_at: (e) => e.created_at,
  registered_at: (e) => e.registered_at,
  last_seen: (e) => e.last_seen,
  blocked: (e) => e.blocked,
  locations: (e) => e.geolocations.map((g) => g.geolocation_string).join('; '),
  tags: (e) => names(e.tags),
};

/** The entity lists page at most 100 rows. */
const ENTITY_PAGE = 100;

/**
 * The alert's Entities list: the distinct entities the alerts flag, ordered by id, read as POST
 * /api/entities/cached/list reads them (the alerts' visibility checked on every page, the entities
 * loaded and censored for the caller by the list's loader).
 */
async function entitySource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const filters = params.filters as S['EntityExportRequest']['filters'];
  const columns = await chosenColumns(db, p, ENTITY_COLUMNS, params.columns);
  const viewer = await loadViewer(db, p);
  return {
    header: columns.map((c) => c.label),
    async page(offset) {
      const limit = Math.min(pageRows, ENTITY_PAGE);
      const { count, ids } = await objectsOfAlertsPage(db, p, { table: 'alert_entities', column: 'entity_id' }, filters.alert_ids, { limit, offset });
      const entities = await loadEntities(db, viewer, ids);
      return { count, rows: entities.map((e) => columns.map((c) => c.value(e))) };
    },
  };
}

export const entityExport: ExportSource = { permission: 'read_entities', source: entitySource };
