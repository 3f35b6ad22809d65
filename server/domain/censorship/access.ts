import { sql } from 'drizzle-orm';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { decryptField, isEncryptedField } from './encryption.js';
import { fieldKeyOrNull } from './key.js';
import { preparedRows, type SqlRunner } from '../../db/sql.js';

/**
 * Who may read a censored data field (spec part 2, sections 3 and 6). Kept apart from the object
 * mappers so every answer that carries customer data (entities, instruments, events, alerts)
 * applies the same rule, and the raw value never leaves the server for an agent without access.
 */

import { CENSORED_VALUE } from './mask.js';

export interface CensorshipSetting {
  censorship_setting: string;
  team_ids: number[];
  agent_ids: number[];
}

/** The teams the principal belongs to (grants may name a team). */
export async function principalTeamIds(db: SqlRunner, principal: Principal): Promise<Set<number>> {
  const found = await preparedRows<{ team_id: number }>(
    db,
    sql`select team_id from team_members where org_id = ${principal.orgId} and agent_id = ${principal.agentId}`,
  );
  return new Set(found.map((t) => t.team_id));
}

/**
 * read: the value in clear. reveal: masked, but the agent may ask for it one field at a time
 * (each reveal is audited). none: masked, and no way to see it.
 */
export type SettingAccess = 'read' | 'reveal' | 'none';

/**
 * ALWAYS_VISIBLE: everyone who may read the object. CENSORED_BUT_VIEWABLE: granted agents or teams
 * and root_all read it; everyone else sees the mask and may reveal it. CENSORED: granted agents or
 * teams, or root_all. ENCRYPTED: a grant or decrypt_encrypted_data (root_all holds every permission).
 */
export function settingAccess(principal: Principal, teamIds: ReadonlySet<number>, setting: CensorshipSetting): SettingAccess {
  const granted = setting.agent_ids.includes(principal.agentId) || setting.team_ids.some((id) => teamIds.has(id));
  switch (setting.censorship_setting) {
    case 'CENSORED_BUT_VIEWABLE':
      return granted || principal.rootAll ? 'read' : 'reveal';
    case 'CENSORED':
      return granted || principal.rootAll ? 'read' : 'none';
    case 'ENCRYPTED':
      return granted || hasPermission(principal, 'decrypt_encrypted_data') ? 'read' : 'none';
    default:
      return 'read';
  }
}

export function mayReadSetting(principal: Principal, teamIds: ReadonlySet<number>, setting: CensorshipSetting): boolean {
  return settingAccess(principal, teamIds, setting) === 'read';
}

/**
 * A stored value in clear: encrypted values (ENCRYPTED settings, or one whose censorship changed
 * and whose re-encryption job has not reached it yet) are decrypted. Null when it cannot be:
 * no key, a wrong key, or a tampered value; the caller then shows the mask rather than ciphertext.
 */
export function plainValue(stored: unknown): unknown {
  if (!isEncryptedField(stored)) return stored;
  const key = fieldKeyOrNull();
  if (!key) return null;
  try {
    return decryptField(key, stored as string);
  } catch {
    return null;
  }
}

/** What the reader receives for a stored value, given their access; `revealable` marks a mask they may lift. */
export function shownValue(stored: unknown, access: SettingAccess | null): { value: unknown; revealable: boolean } {
  if (stored === null || stored === undefined) return { value: null, revealable: false };
  // no setting (deleted): plain values pass as before, ciphertext never does
  if (access === 'read' || (access === null && !isEncryptedField(stored))) {
    const plain = plainValue(stored);
    return plain === null ? { value: CENSORED_VALUE, revealable: false } : { value: plain, revealable: false };
  }
  return { value: CENSORED_VALUE, revealable: access === 'reveal' };
}
