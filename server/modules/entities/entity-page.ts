import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { entityCounterparties, entityLinks, entityLocations, networkAnalysisConfig } from './entity-page.queries.js';
import { requireEntity } from './entities.queries.js';
import { loadInstruments } from '../instruments/index.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import { mapDocument, type DocumentRow } from '../documents/index.js';
import { defineHandlers } from '../types.js';

/**
 * The entity page's reads beyond the entity itself: its instruments, documents, links (network
 * analysis and its settings), counterparties and locations.
 */
export const entityPageHandlers = defineHandlers({
  async getNetworkAnalysisSettings({ db, principal }) {
    return { configs: [await networkAnalysisConfig(db, principal)] };
  },

  async listEntityInstruments({ db, principal, params }) {
    await requireEntity(db, principal.orgId, params.id);
    const ids = await rows<{ id: number }>(
      db,
      sql`select id from instruments where org_id = ${principal.orgId} and entity_id = ${params.id} order by instrument_type, id`,
    );
    return {
      instruments: await loadInstruments(
        db,
        await loadViewer(db, principal),
        ids.map((r) => r.id),
      ),
    };
  },

  async listEntityDocuments({ db, principal, params }) {
    await requireEntity(db, principal.orgId, params.id);
    const found = await rows<DocumentRow & { object_type: string; owner_external_id: string }>(
      db,
      sql`select d.id, d.object_type, d.object_id, d.name, d.media_type, d.mime_type, d.embed_url, d.storage_resource, d.created_at,
          coalesce(e.external_id, i.external_id) as owner_external_id
        from documents d
        left join entities e on d.object_type = 'ENTITY' and e.org_id = d.org_id and e.id = d.object_id
        left join instruments i on d.object_type = 'INSTRUMENT' and i.org_id = d.org_id and i.id = d.object_id
        where d.org_id = ${principal.orgId} and d.deleted_at is null
          and ((d.object_type = 'ENTITY' and d.object_id = ${params.id}) or (d.object_type = 'INSTRUMENT' and i.entity_id = ${params.id}))
        order by d.created_at desc, d.id desc`,
    );
    return {
      documents: found.map((d) => ({
        ...mapDocument(d),
        owner_type: d.object_type === 'ENTITY' ? ('ENTITY' as const) : ('INSTRUMENT' as const),
        owner_id: d.object_id,
        owner_external_id: d.owner_external_id,
      })),
    };
  },

  async listEntityLinks({ db, principal, params }) {
    await requireEntity(db, principal.orgId, params.id);
    return { links: await entityLinks(db, principal, params.id) };
  },

  async listEntityCounterparties({ db, principal, params }) {
    await requireEntity(db, principal.orgId, params.id);
    return { counterparties: await entityCounterparties(db, principal.orgId, params.id) };
  },

  async listEntityLocations({ db, principal, params }) {
    const entity = await firstRow<{ geolocations: unknown }>(
      db,
      sql`select geolocations from entities where org_id = ${principal.orgId} and id = ${params.id}`,
    );
    if (!entity) throw notFound('Entity');
    return { locations: await entityLocations(db, principal.orgId, params.id, entity.geolocations) };
  },
});
