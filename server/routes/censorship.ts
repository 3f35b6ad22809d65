import { sql } from 'drizzle-orm';
import { hasPermission, type Principal } from '../auth/principal.js';
import { rows, type SqlRunner } from '../lib/sql.js';

/**
 * Who may read a censored data field (spec part 2, sections 3 and 6). Kept apart from the object
 * mappers so every answer that carries customer data (entities, instruments, events, alerts)
 * applies the same rule, and the raw value never leaves the server for an agent without access.
 */

export const CENSORED_VALUE = '••••••';

export interface CensorshipSetting {
  censorship_setting: string;
  team_ids: number[];
  agent_ids: number[];
}

/** The teams the principal belongs to (grants may name a team). */
export async function principalTeamIds(db: SqlRunner, principal: Principal): Promise<Set<number>> {
  const found = await rows<{ team_id: number }>(db, sql`select team_id from team_members where org_id = ${principal.orgId} and agent_id = ${principal.agentId}`);
  return new Set(found.map((t) => t.team_id));
}

/**
 * CENSORED: granted agents or teams, or root_all. ENCRYPTED: a grant or decrypt_encrypted_data.
 * ALWAYS_VISIBLE and CENSORED_BUT_VIEWABLE: everyone who may read the object (the latter is masked
 * by the console until revealed).
 */
export function mayReadSetting(principal: Principal, teamIds: ReadonlySet<number>, setting: CensorshipSetting): boolean {
  const granted = setting.agent_ids.includes(principal.agentId) || setting.team_ids.some((id) => teamIds.has(id));
  switch (setting.censorship_setting) {
    case 'CENSORED':
      return granted || principal.rootAll;
    case 'ENCRYPTED':
      return granted || hasPermission(principal, 'decrypt_encrypted_data');
    default:
      return true;
  }
}
