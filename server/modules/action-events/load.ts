import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { inOrder, intArray, iso, rows, type Ts } from '../../db/sql.js';
import { formattedData, type Viewer } from '../../domain/censorship/viewer.js';
import type { DataLoader } from '../../domain/cold-storage/read.js';
import { loadAnnotations } from '../annotations/index.js';

/** Action events by id, in the contract's shape, in the order of the ids (ids not found are skipped). */

type S = components['schemas'];
type ActionEvent = S['ActionEvent'];

interface ActionEventRow {
  id: number;
  external_id: string;
  action_type: string;
  event_time: Ts;
  formatted_data: unknown;
}

export async function loadActionEvents(db: Db, viewer: Viewer, ids: readonly number[], dataLoader: DataLoader = null): Promise<ActionEvent[]> {
  if (!ids.length) return [];
  const [list, annotations] = await Promise.all([
    rows<ActionEventRow>(
      db,
      sql`select id, external_id, action_type, event_time, formatted_data from action_events
        where org_id = ${viewer.orgId} and id = any(${intArray(ids)})`,
    ),
    loadAnnotations(db, viewer.orgId, 'ACTION_EVENT', ids),
  ]);
  return inOrder(ids, list).map((e) => ({
    id: e.id,
    external_id: e.external_id,
    action_type: e.action_type,
    event_time: iso(e.event_time),
    tags: annotations(e.id).tags,
    formatted_data: formattedData(e.formatted_data, viewer),
    data_loader: dataLoader,
  }));
}
