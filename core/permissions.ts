import type { components } from '../openapi/schema';

/**
 * The permission vocabulary both sides apply (spec part 1, section 6; the names are the contract's
 * PermissionName): root_all satisfies every permission, and which permission reads or changes each
 * kind of object. The server checks these before it answers; the console uses them to offer only
 * what the server would allow.
 */

type S = components['schemas'];
export type PermissionName = S['PermissionName'];
export type ObjectType = S['ObjectType'];

/** Holds every permission, but not the agent flags (internal staff, AI admin) or feature flags. */
export const ROOT_ALL = 'root_all' satisfies PermissionName;

/** The held permissions (a list or a set) allow `name`: it is among them, or root_all is. */
export function grants(held: readonly string[] | ReadonlySet<string>, name: string): boolean {
  const has = (n: string) => (Array.isArray(held) ? held.includes(n) : (held as ReadonlySet<string>).has(n));
  return has(ROOT_ALL) || has(name);
}

/** The permission reading each kind of object needs (and so its comments and censored fields). */
export const READ_PERMISSION: Record<ObjectType, PermissionName> = {
  ALERT: 'read_alerts',
  CASE: 'read_cases',
  SAR: 'read_sars',
  ENTITY: 'read_entities',
  TRANSACTION: 'read_events',
  ACTION_EVENT: 'read_events',
  INSTRUMENT: 'read_transaction_instruments',
  RULE: 'read_rules',
};

/** The permission changing each kind of object needs: its assignment and status, comments, documents. */
export const EDIT_PERMISSION: Record<ObjectType, PermissionName> = {
  ALERT: 'edit_alerts',
  CASE: 'edit_cases',
  SAR: 'edit_sars',
  ENTITY: 'edit_entities',
  TRANSACTION: 'edit_events',
  ACTION_EVENT: 'edit_events',
  INSTRUMENT: 'edit_transaction_instruments',
  RULE: 'edit_rules',
};
