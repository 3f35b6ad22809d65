import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedRows, inOrder, intArray, iso, type Ts } from '../../db/sql.js';
import { formattedData, type Viewer } from '../../domain/censorship/viewer.js';
import type { components } from '../../../openapi/schema.js';
import { loadAnnotations } from '../annotations/index.js';

/** Entities by id, in the contract's shape, in the order of the ids (ids not found are skipped). */

type Entity = components['schemas']['Entity'];

interface EntityRow {
  id: number;
  external_id: string;
  name_readable: string;
  status: string | null;
  internal_status: string | null;
  entity_type: string;
  formatted_data: unknown;
  risk_score: number | null;
  geolocations: unknown;
  created_at: Ts;
  last_seen: Ts | null;
  registered_at: Ts | null;
  blocked_reasons: string[] | null;
  last_blocked_at: Ts | null;
  org_type: string | null;
  action_reason: string | null;
}

function geolocations(raw: unknown): Entity['geolocations'] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((g) => {
    if (typeof g === 'string') return [{ geolocation_string: g }];
    if (g && typeof g === 'object' && typeof (g as { geolocation_string?: unknown }).geolocation_string === 'string')
      return [g as Entity['geolocations'][number]];
    return [];
  });
}

export async function loadEntities(db: Db, viewer: Viewer, ids: readonly number[]): Promise<Entity[]> {
  if (!ids.length) return [];
  const [list, annotations] = await Promise.all([
    preparedRows<EntityRow>(
      db,
      sql`select e.id, e.external_id, e.name_readable, e.status, e.internal_status, e.entity_type, e.formatted_data, rs.score::float8 as risk_score,
        e.geolocations, e.created_at, e.last_seen, e.registered_at, e.blocked_reasons, e.last_blocked_at, e.org_type, e.action_reason
        from entities e left join entity_risk_scores rs on rs.org_id = e.org_id and rs.entity_id = e.id
        where e.org_id = ${viewer.orgId} and e.id = any(${intArray(ids)})`,
    ),
    loadAnnotations(db, viewer.orgId, 'ENTITY', ids),
  ]);
  return inOrder(ids, list).map((e) => {
    const { tags, comments } = annotations(e.id);
    const blockedReasons = e.blocked_reasons ?? [];
    return {
      id: e.id,
      external_id: e.external_id,
      name_readable: e.name_readable,
      status: e.status,
      internal_status: e.internal_status,
      entity_type: e.entity_type === 'business' ? 'business' : 'user',
      tags,
      comments,
      // Rule silences are read through listRuleSilences (GET /api/entities/{id}/rule-silences), which
      // also asks read_rules; a silence of every rule has no one rule to name in this older shape.
      whitelists: [],
      formatted_data: formattedData(e.formatted_data, viewer),
      risk_score: e.risk_score,
      geolocations: geolocations(e.geolocations),
      created_at: iso(e.created_at),
      last_seen: iso(e.last_seen),
      blocked: blockedReasons.length > 0,
      registered_at: iso(e.registered_at),
      blocked_reasons: blockedReasons,
      last_blocked_at: iso(e.last_blocked_at),
      org_type: e.org_type,
      action_reason: e.action_reason,
    };
  });
}
