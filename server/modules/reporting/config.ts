// The dashboard config (spec part 2 section 3): an agent's own, else the organisation's defaults,
// else the product's (spec part 2 section 9). A save is checked against the charts' sections.
import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { badRequest } from '../../lib/errors.js';
import { defaultSections, overDefaults, SECTION_CHARTS, SECTION_IDS, type Sections } from './charts.js';

type DashboardConfig = components['schemas']['DashboardConfig'];
export type Owner = 'agent' | 'organisation';

const ownerIs = (p: Principal, owner: Owner) => (owner === 'agent' ? sql`agent_id = ${p.agentId}` : sql`agent_id is null`);

async function saved(db: Db, p: Principal, owner: Owner): Promise<unknown> {
  const [row] = await rows<{ sections: unknown }>(db, sql`select sections from dashboard_configs where org_id = ${p.orgId} and ${ownerIs(p, owner)}`);
  return row?.sections;
}

/** The config the owner reads: its own, else (for an agent) the organisation's, else the product's. */
export async function configFor(db: Db, p: Principal, owner: Owner): Promise<DashboardConfig> {
  if (owner === 'agent') {
    const own = await saved(db, p, 'agent');
    if (own !== undefined) return { sections: overDefaults(own), source: 'agent' };
  }
  const org = await saved(db, p, 'organisation');
  if (org !== undefined) return { sections: overDefaults(org), source: 'organisation' };
  return { sections: defaultSections(), source: 'default' };
}

/** Each chart named in its own section, at most once (the contract has already checked the values). */
export function checkSections(sections: Sections): void {
  for (const s of SECTION_IDS) {
    const known = new Set(SECTION_CHARTS[s].map((c) => c.id));
    const seen = new Set<string>();
    sections[s].charts.forEach((c, i) => {
      const path = `body/sections/${s}/charts/${i}/id`;
      if (!known.has(c.id)) throw badRequest(`The ${s} section has no chart ${c.id}.`, [{ path, message: `is not a chart of the ${s} section` }]);
      if (seen.has(c.id)) throw badRequest(`Chart ${c.id} appears twice.`, [{ path, message: 'is a duplicate' }]);
      seen.add(c.id);
    });
  }
}

export async function saveConfig(db: Db, p: Principal, owner: Owner, sections: Sections): Promise<void> {
  const json = JSON.stringify(sections);
  if (owner === 'agent') {
    await db.execute(sql`insert into dashboard_configs (org_id, agent_id, sections, updated_by_id) values (${p.orgId}, ${p.agentId}, ${json}::jsonb, ${p.agentId})
      on conflict (org_id, agent_id) where agent_id is not null do update set sections = excluded.sections, updated_by_id = excluded.updated_by_id, updated_at = now()`);
  } else {
    await db.execute(sql`insert into dashboard_configs (org_id, agent_id, sections, updated_by_id) values (${p.orgId}, null, ${json}::jsonb, ${p.agentId})
      on conflict (org_id) where agent_id is null do update set sections = excluded.sections, updated_by_id = excluded.updated_by_id, updated_at = now()`);
  }
}

export async function deleteOwnConfig(db: Db, p: Principal): Promise<boolean> {
  const removed = await rows<{ id: number }>(db, sql`delete from dashboard_configs where org_id = ${p.orgId} and agent_id = ${p.agentId} returning id`);
  return removed.length > 0;
}
