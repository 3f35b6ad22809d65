// The Agent and Manager presets and the catalogue, checked against the words of spec part 1
// section 6 (quoted below), so a change to either side shows up here.
import { describe, expect, it } from 'vitest';
import { AGENT_PRESET, MANAGER_PRESET } from '../../server/domain/permissions/presets.js';
import { permissionCatalogue } from '../../server/seed/catalogue.js';

const AGENT_TEXT =
  'create cases, create SARs, edit account settings, edit alerts, edit cases, edit custom data settings, edit entities, edit events, edit queues, edit SARs, edit SARs config, edit transaction instruments, read agents, alerts, alert component buttons, assignments, cases, custom data settings, entities, entity media, events, network analysis, risk ratings, rules, SARs, transaction instruments, submit SARs, edit permissions';
const MANAGER_PLUS_TEXT =
  'create alerts, API keys, matchlists, censorship conditions, dashboards, datafile uploads, deadlines config, risk ratings, rules, teams, webhooks; delete API keys, matchlists, censorship conditions, dashboards, datafile uploads, teams, webhooks; edit agents, deadline config, matchlists, censorship, dashboards, deadlines, notification settings, risk ratings, rules, storage, teams, webhooks; read API keys, matchlists, censorship, datafile uploads, deadline config, insights, permissions, teams, webhooks';

const VERBS = new Set(['create', 'edit', 'read', 'delete', 'submit']);

/** "read agents, alerts" → read_agents, read_alerts: a phrase without a verb takes the last one. */
function namesOf(text: string): string[] {
  let verb = '';
  return text.split(/[;,]\s*/).map((phrase) => {
    const words = phrase.trim().toLowerCase().split(/\s+/);
    if (VERBS.has(words[0])) verb = words.shift()!;
    return [verb, ...words].join('_');
  });
}

/** The "other labelled permissions" of the spec, each by the name it has in the contract. */
const OTHERS: Record<string, string[]> = {
  'root-all': ['root_all'],
  'admin dashboard': ['read_admin_dashboard'],
  'rules admin dashboard': ['read_rules_admin_dashboard'],
  'AI admin dashboard': ['read_ai_admin_dashboard'],
  'org permissions read and edit': ['read_org_permissions', 'edit_org_permissions'],
  'admin org switcher': ['admin_org_switcher'],
  devices: ['read_devices'],
  'lock/unlock and deactivate instruments': ['lock_unlock_instruments', 'deactivate_instruments'],
  'FINTRAC filings (read, create, edit, config, submit)': [
    'read_fintrac_filings',
    'create_fintrac_filings',
    'edit_fintrac_filings',
    'edit_fintrac_config',
    'submit_fintrac_filings',
  ],
  'quality cycles': ['read_quality_cycles'],
  'FFIP streams (read, create, edit, delete)': ['read_ffip_streams', 'create_ffip_streams', 'edit_ffip_streams', 'delete_ffip_streams'],
  tags: ['edit_tags'],
  'admin API': ['admin_api'],
  'system exports': ['system_exports'],
  'decrypt encrypted data': ['decrypt_encrypted_data'],
  '314(a) scans': ['run_314a_scans'],
  'activate and archive live rules': ['activate_live_rules', 'archive_live_rules'],
  'entity segments (read, edit, create)': ['read_entity_segments', 'edit_entity_segments', 'create_entity_segments'],
  'AI agents (read, edit)': ['read_ai_agents', 'edit_ai_agents'],
};

describe('permission presets (spec part 1 section 6)', () => {
  it('the Agent preset is exactly the spec list', () => {
    expect([...AGENT_PRESET].sort()).toEqual(namesOf(AGENT_TEXT).sort());
    expect(new Set(AGENT_PRESET).size).toBe(AGENT_PRESET.length);
  });

  it('the Manager preset is exactly the Agent set plus the spec list', () => {
    expect([...MANAGER_PRESET].sort()).toEqual([...namesOf(AGENT_TEXT), ...namesOf(MANAGER_PLUS_TEXT)].sort());
    expect(new Set(MANAGER_PRESET).size).toBe(MANAGER_PRESET.length);
  });

  it('the catalogue holds every labelled permission, each with a label, a description and a type', () => {
    const catalogue = permissionCatalogue();
    const names = new Set(catalogue.map((p) => p.name));
    for (const name of [...MANAGER_PRESET, ...Object.values(OTHERS).flat()]) expect(names, name).toContain(name);
    for (const p of catalogue) {
      expect(p.label.length, p.name).toBeGreaterThan(0);
      expect(p.description.length, p.name).toBeGreaterThan(0);
    }
    expect(new Set(catalogue.map((p) => p.label)).size).toBe(catalogue.length);
  });
});
