import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { ApiError } from '../../lib/errors.js';
import { mayReadSetting, principalTeamIds } from '../../domain/censorship/access.js';
import { storedCensorship, type Censorship, type DataSetting } from './data-settings.mappers.js';

/**
 * Who reads a data setting's values is governed by the censorship permissions, not by the permission
 * to edit custom data settings (docs/decisions.md, "Censorship is governed by its own permissions"):
 * changing the censorship level or the read lists needs edit_censorship, seeing the read lists needs
 * read_censorship, and a level change or a new reader needs that the caller may read the setting's
 * values themselves, as it stands.
 */

export const READ_LISTS = ['team_ids_with_censorship_read_permission', 'agent_ids_with_censorship_read_permission'] as const;
export const CENSORSHIP_FIELDS = ['censorship_setting', ...READ_LISTS] as const;
type CensorshipField = (typeof CENSORSHIP_FIELDS)[number];

/** The censorship part of a data setting, in the contract's names. */
export interface CensorshipState {
  censorship_setting: Censorship;
  team_ids_with_censorship_read_permission: number[];
  agent_ids_with_censorship_read_permission: number[];
}

/** What a data setting is created with when the body names no censorship. */
export const NO_CENSORSHIP: CensorshipState = {
  censorship_setting: 'always_visible',
  team_ids_with_censorship_read_permission: [],
  agent_ids_with_censorship_read_permission: [],
};

export const NEEDS_EDIT_CENSORSHIP = 'Changing the censorship of a data setting or who may read it needs permission to edit censorship.';
export const NEEDS_READ_ACCESS = 'Only an agent who may read the values of this data setting can change its censorship or grant read access to it.';

/** The same ids, whatever their order. */
export const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && new Set([...a, ...b]).size === new Set(a).size;

/** The censorship fields whose value differs between two states (read lists compared as sets). */
export function censorshipChanges(before: CensorshipState, after: CensorshipState): CensorshipField[] {
  const changed: CensorshipField[] = [];
  if (before.censorship_setting !== after.censorship_setting) changed.push('censorship_setting');
  for (const list of READ_LISTS) if (!sameIds(before[list], after[list])) changed.push(list);
  return changed;
}

/** 403 (nothing written) when the fields change and the caller lacks edit_censorship. */
export function requireEditCensorship(principal: Principal, changed: readonly CensorshipField[]) {
  if (!changed.length || hasPermission(principal, 'edit_censorship')) return;
  throw new ApiError(
    'forbidden',
    NEEDS_EDIT_CENSORSHIP,
    changed.map((field) => ({ path: `body/${field}`, message: 'needs the edit_censorship permission' })),
  );
}

/**
 * Nobody grants a read they could not use: a change of censorship level, or a reader added to the
 * lists, needs that the caller may read the setting's values as it stands (a grant to them or to
 * one of their teams; root_all for censored settings; decrypt_encrypted_data for encrypted ones).
 * Taking readers away needs only edit_censorship.
 */
export async function requireReadToGrant(db: Db, principal: Principal, before: CensorshipState, after: CensorshipState) {
  const added = READ_LISTS.filter((list) => after[list].some((id) => !before[list].includes(id)));
  const levelChanged = before.censorship_setting !== after.censorship_setting;
  if (!levelChanged && !added.length) return;
  const stored = {
    censorship_setting: storedCensorship(before.censorship_setting),
    team_ids: before.team_ids_with_censorship_read_permission,
    agent_ids: before.agent_ids_with_censorship_read_permission,
  };
  if (mayReadSetting(principal, await principalTeamIds(db, principal), stored)) return;
  const fields: CensorshipField[] = [...(levelChanged ? (['censorship_setting'] as const) : []), ...added];
  throw new ApiError(
    'forbidden',
    NEEDS_READ_ACCESS,
    fields.map((field) => ({ path: `body/${field}`, message: 'you may not read this data setting' })),
  );
}

/** A data setting as the caller may see it: the read lists only with read_censorship. */
export function forReader(principal: Principal, setting: DataSetting): components['schemas']['DataSetting'] {
  if (hasPermission(principal, 'read_censorship')) return setting;
  const { team_ids_with_censorship_read_permission: _teams, agent_ids_with_censorship_read_permission: _agents, ...rest } = setting;
  return rest;
}
