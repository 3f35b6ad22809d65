import { describe, expect, it } from 'vitest';
import {
  beyondEditor,
  checkboxPermissions,
  derivePreset,
  groupByType,
  presetSelection,
  searchPermissions,
} from '../../src/areas/people/permissions/permission-presets';

const p = (name: string, type = 'investigations', label = name, description = `Lets the agent ${name}.`) => ({
  id: name.length,
  name,
  label,
  description,
  type,
});
const CATALOGUE = [
  p('read_alerts', 'investigations', 'Read alerts', 'Lets the agent view alerts.'),
  p('edit_alerts', 'investigations', 'Edit alerts', 'Lets the agent edit alerts.'),
  p('edit_permissions', 'administration', 'Edit permissions', 'Open the permission editor.'),
  p('create_teams', 'administration', 'Create teams', 'Lets the agent create TEAMS.'),
  p('root_all', 'internal', 'Root: all permissions', 'Bypasses every permission check.'),
  p('admin_api', 'internal', 'Admin API', 'Call the administrative API.'),
];
const PRESETS = { agent: ['read_alerts', 'edit_alerts', 'edit_permissions'], manager: ['read_alerts', 'edit_alerts', 'edit_permissions', 'create_teams'] };
const ALL = ['read_alerts', 'edit_alerts', 'edit_permissions', 'create_teams', 'admin_api'];

describe('derivePreset', () => {
  it('is Agent for exactly the Agent set, in any order', () => {
    expect(derivePreset(['edit_permissions', 'read_alerts', 'edit_alerts'], PRESETS, CATALOGUE)).toBe('Agent');
  });
  it('is Manager for exactly the Manager set', () => {
    expect(derivePreset(PRESETS.manager, PRESETS, CATALOGUE)).toBe('Manager');
  });
  it('is All for every permission the panel can give', () => {
    expect(derivePreset(ALL, PRESETS, CATALOGUE)).toBe('All');
  });
  it('ignores root_all, which the panel neither shows nor changes', () => {
    expect(derivePreset([...PRESETS.agent, 'root_all'], PRESETS, CATALOGUE)).toBe('Agent');
    expect(derivePreset([...ALL, 'root_all'], PRESETS, CATALOGUE)).toBe('All');
  });
  it('is Custom for anything else: one more, one fewer, or nothing', () => {
    expect(derivePreset([...PRESETS.agent, 'admin_api'], PRESETS, CATALOGUE)).toBe('Custom');
    expect(derivePreset(['read_alerts', 'edit_alerts'], PRESETS, CATALOGUE)).toBe('Custom');
    expect(derivePreset([], PRESETS, CATALOGUE)).toBe('Custom');
    expect(derivePreset(['root_all'], PRESETS, CATALOGUE)).toBe('Custom');
  });
});

describe('presetSelection', () => {
  it('replaces the selection with the chosen preset', () => {
    expect([...presetSelection('Agent', PRESETS, CATALOGUE, ['admin_api', 'create_teams'])].sort()).toEqual([...PRESETS.agent].sort());
    expect([...presetSelection('Manager', PRESETS, CATALOGUE, [])].sort()).toEqual([...PRESETS.manager].sort());
    expect([...presetSelection('All', PRESETS, CATALOGUE, ['read_alerts'])].sort()).toEqual([...ALL].sort());
  });
  it('keeps a hidden root_all as it was', () => {
    expect(presetSelection('Agent', PRESETS, CATALOGUE, ['root_all']).has('root_all')).toBe(true);
    expect(presetSelection('All', PRESETS, CATALOGUE, []).has('root_all')).toBe(false);
  });
  it('round-trips: a chosen preset derives back to itself', () => {
    for (const preset of ['Agent', 'Manager', 'All'] as const) {
      expect(derivePreset(presetSelection(preset, PRESETS, CATALOGUE, []), PRESETS, CATALOGUE)).toBe(preset);
    }
  });
});

describe('checkboxPermissions', () => {
  it('hides root_all and does not offer edit_permissions', () => {
    expect(checkboxPermissions(CATALOGUE).map((x) => x.name)).toEqual(['read_alerts', 'edit_alerts', 'create_teams', 'admin_api']);
  });
});

describe('searchPermissions', () => {
  it('matches label or description, case-insensitive', () => {
    expect(searchPermissions(CATALOGUE, 'ALERTS').map((x) => x.name)).toEqual(['read_alerts', 'edit_alerts']);
    expect(searchPermissions(CATALOGUE, 'teams').map((x) => x.name)).toEqual(['create_teams']);
    expect(searchPermissions(CATALOGUE, 'administrative').map((x) => x.name)).toEqual(['admin_api']);
    expect(searchPermissions(CATALOGUE, '  ')).toHaveLength(CATALOGUE.length);
    expect(searchPermissions(CATALOGUE, 'nothing like this')).toEqual([]);
  });
});

describe('groupByType', () => {
  it('groups in the order types first appear', () => {
    expect(groupByType(CATALOGUE).map((g) => [g.type, g.permissions.length])).toEqual([
      ['investigations', 2],
      ['administration', 2],
      ['internal', 2],
    ]);
  });
});

describe('beyondEditor', () => {
  it('names added or removed permissions the editor does not hold', () => {
    const holds = (n: string) => n !== 'admin_api' && n !== 'create_teams';
    expect(beyondEditor(['read_alerts', 'create_teams'], ['read_alerts', 'admin_api'], holds)).toEqual(['admin_api', 'create_teams']);
    expect(beyondEditor(['admin_api'], ['admin_api', 'edit_alerts'], holds)).toEqual([]);
  });
});
