import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { SqlExecutor } from '../db/client.js';

/**
 * Reference lists read from the contract at seed time, so the seed grants exactly the names the
 * server checks: PermissionName (with its PermissionType grouping) and FeatureFlagName.
 */

const PERMISSIONS_YAML = new URL('../../openapi/components/permissions.yaml', import.meta.url);

interface PermissionsDoc {
  PermissionName: { enum: string[] };
  PermissionType: { enum: string[] };
  FeatureFlagName: { enum: string[] };
}

let cached: PermissionsDoc | undefined;
function contract(): PermissionsDoc {
  cached ??= parse(readFileSync(PERMISSIONS_YAML, 'utf8')) as PermissionsDoc;
  return cached;
}

export const permissionNames = (): string[] => contract().PermissionName.enum;
export const featureFlagNames = (): string[] => contract().FeatureFlagName.enum;

export interface CataloguePermission {
  id: number;
  name: string;
  label: string;
  description: string;
  type: string;
}

const WORDS: Record<string, string> = {
  sars: 'SARs',
  api: 'API',
  ai: 'AI',
  ffip: 'FFIP',
  fintrac: 'FINTRAC',
  '314a': '314(a)',
  org: 'organisation',
};

const VERBS: Record<string, string> = { read: 'view', use: 'use', run: 'run', lock: 'lock', admin: 'administer' };

const SPECIAL: Record<string, [label: string, description: string]> = {
  root_all: ['Root: all permissions', 'Bypasses every permission check.'],
  read_admin_dashboard: ['Admin dashboard', 'Open the admin dashboard.'],
  read_rules_admin_dashboard: ['Rules admin dashboard', 'Open the rules admin dashboard.'],
  read_ai_admin_dashboard: ['AI admin dashboard', 'Open the AI admin dashboard.'],
  ai_admin_agents: ['AI admin: agents', 'See and set up the AI agent of each organisation.'],
  ai_admin_tracking: ['AI admin: tracking and stats', 'See AI tracking records and AI cost statistics.'],
  ai_admin_prompts: ['AI admin: prompts', 'Manage AI prompts.'],
  ai_admin_experimentation: ['AI admin: experimentation', 'Manage AI experiments.'],
  admin_org_switcher: ['Admin organisation switcher', 'Switch into other organisations.'],
  impersonate_agents: ['Impersonate agents', 'Sign in as another agent for support.'],
  lock_unlock_instruments: ['Lock / unlock instruments', 'Lock and unlock transaction instruments.'],
  admin_api: ['Admin API', 'Call the administrative API.'],
  system_exports: ['System exports', 'Request system-wide exports.'],
  decrypt_encrypted_data: ['Decrypt encrypted data', 'See the clear value of encrypted data settings.'],
  run_314a_scans: ['314(a) scans', 'Run 314(a) list scans.'],
  use_ai_chat: ['AI chat', 'Ask the AI assistant questions about data.'],
  read_alert_component_buttons: ['Read alert component buttons', 'See the action buttons on alert components.'],
  edit_permissions: ['Edit permissions', 'Open the permission editor (it never offers this permission itself).'],
};

function humanise(name: string): [string, string] {
  const special = SPECIAL[name];
  if (special) return special;
  const [verb, ...rest] = name.split('_');
  const object = rest.map((w) => WORDS[w] ?? w).join(' ');
  const label = `${verb[0].toUpperCase()}${verb.slice(1)} ${object}`;
  return [label, `Lets the agent ${VERBS[verb] ?? verb} ${object}.`];
}

/** The PermissionType grouping used by the permission editor. */
export function permissionType(name: string): string {
  const has = (...parts: string[]) => parts.some((p) => name.includes(p));
  if (name.startsWith('ai_') || has('_ai_')) return 'ai';
  if (
    [
      'root_all',
      'read_admin_dashboard',
      'read_rules_admin_dashboard',
      'read_org_permissions',
      'edit_org_permissions',
      'admin_org_switcher',
      'impersonate_agents',
      'admin_api',
      'system_exports',
    ].includes(name)
  )
    return 'internal';
  if (has('sars', 'fintrac')) return 'filings';
  if (has('risk_ratings', 'entity_segments')) return 'risk';
  if (has('rules', 'quality_cycles')) return 'rules';
  if (has('data_settings', 'datafile', 'storage', 'ffip', 'censorship', 'decrypt', 'matchlists', 'file_exports')) return 'data';
  if (
    has(
      'agents',
      'teams',
      'permissions',
      'api_keys',
      'webhooks',
      'dashboards',
      'notification_settings',
      'account_settings',
      'insights',
      'deadline_config',
      'deadlines_config',
      'queues',
    )
  )
    return 'administration';
  return 'investigations';
}

/** The catalogue rows, ids in contract order (1-based). */
export function permissionCatalogue(): CataloguePermission[] {
  const types = new Set(contract().PermissionType.enum);
  return permissionNames().map((name, i) => {
    const [label, description] = humanise(name);
    const type = permissionType(name);
    if (!types.has(type)) throw new Error(`permission type ${type} is not in the contract's PermissionType`);
    return { id: i + 1, name, label, description, type };
  });
}

/**
 * Brings the catalogue in line with the contract without touching grants: inserts new names and
 * refreshes labels. For a server that starts on a database seeded by an older release.
 */
export async function syncPermissionCatalogue(sql: SqlExecutor): Promise<void> {
  const rows = permissionCatalogue().map(({ name, label, description, type }) => ({ name, label, description, type }));
  await sql.query(
    `insert into permissions (name, label, description, type)
     select name, label, description, type from json_to_recordset($1::text::json) as x(name text, label text, description text, type text)
     on conflict (name) do update set label = excluded.label, description = excluded.description, type = excluded.type`,
    [JSON.stringify(rows)],
  );
}
