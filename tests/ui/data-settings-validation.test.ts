// Every rule of the Data Setting panel (spec part 2, section 5) with its exact message.
import { describe, expect, it } from 'vitest';
import type { DataSetting } from '../../src/areas/data-management/data-settings/data-setting.constants';
import {
  censorshipOptions,
  effectiveCensorship,
  enumAddProblem,
  fieldLocks,
  keyPathWarnings,
  renderingOptions,
  validateCensorship,
  validateDirectionality,
  validateEnumSet,
  validateForm,
  validateUrlPrefix,
  type DataSettingForm,
} from '../../src/areas/data-management/data-settings/data-setting.validation';
import { keyPathParts, validateKeyPath } from '../../core/data-settings/rules';
import { emptyForm, filterSettings, formFromSetting, toCreateBody, toUpdateBody } from '../../src/areas/data-management/data-settings/data-setting.utils';

const form = (over: Partial<DataSettingForm> = {}): DataSettingForm => ({ ...emptyForm(), keyPath: 'entity.nickname', label: 'Nickname', ...over });

describe('key path', () => {
  it('is required', () => {
    expect(validateKeyPath('')).toBe('Key path is required.');
    expect(validateKeyPath('   ')).toBe('Key path is required.');
  });
  it('is split on dots, with no empty part', () => {
    expect(keyPathParts('entity.address.city')).toEqual(['entity', 'address', 'city']);
    expect(validateKeyPath('entity..city')).toBe('Key path parts cannot be empty.');
    expect(validateKeyPath('.entity')).toBe('Key path parts cannot be empty.');
    expect(validateKeyPath('entity. ')).toBe('Key path parts cannot be empty.');
  });
  it('takes letters, digits, spaces, hyphens and underscores, up to 10 parts and 512 characters', () => {
    expect(validateKeyPath('entity.home_address-2.Straße')).toBeNull();
    expect(validateKeyPath('entity.a$b')).toBe('Key path parts may contain only letters, digits, spaces, hyphens and underscores.');
    expect(validateKeyPath('a.b.c.d.e.f.g.h.i.j')).toBeNull();
    expect(validateKeyPath('a.b.c.d.e.f.g.h.i.j.k')).toBe('Key path can have at most 10 parts.');
    expect(validateKeyPath('a'.repeat(513))).toBe('Key path can have at most 512 characters.');
  });
  it('warns (without refusing) on leading or trailing whitespace in a part', () => {
    expect(validateKeyPath('entity. nick name ')).toBeNull();
    expect(keyPathWarnings('entity. nick name .x')).toEqual(['Key path part " nick name " has leading or trailing whitespace.']);
    expect(keyPathWarnings('entity.nick name')).toEqual([]);
  });
  it('is editable only when adding', () => {
    const base = { keyType: 'CUSTOM' as const, storedType: 'text' as const, isInternal: false, canEdit: true };
    expect(fieldLocks({ ...base, mode: 'add' }).keyPath).toBe(false);
    expect(fieldLocks({ ...base, mode: 'edit' }).keyPath).toBe(true);
    // an edit never checks the key path it cannot change
    expect(validateForm(form({ keyPath: '' }), 'edit', 'CUSTOM').keyPath).toBeUndefined();
    expect(validateForm(form({ keyPath: '' }), 'add', 'CUSTOM').keyPath).toBe('Key path is required.');
  });
});

describe('rendering options', () => {
  it('needs https:// at the start of a URL prefix', () => {
    expect(validateUrlPrefix(true, 'http://example.test/')).toBe('URL prefix must begin with https:// in order to be valid');
    expect(validateUrlPrefix(true, 'https://example.test/')).toBeNull();
    expect(validateUrlPrefix(true, '')).toBeNull();
    expect(validateUrlPrefix(false, 'http://example.test/')).toBeNull();
    expect(validateForm(form({ isUrl: true, urlPrefix: 'ftp://x' }), 'add', 'CUSTOM').urlPrefix).toBe(
      'URL prefix must begin with https:// in order to be valid',
    );
  });
  it('drops prefix and postfix when is_url is false', () => {
    expect(renderingOptions(form({ isUrl: false, urlPrefix: 'https://a/', urlPostfix: '/b' }))).toEqual({ is_url: false });
    expect(renderingOptions(form({ isUrl: true, urlPrefix: 'https://a/', urlPostfix: '/b' }))).toEqual({
      is_url: true,
      url_prefix: 'https://a/',
      url_postfix: '/b',
    });
  });
  it('drops empty reference display fields', () => {
    expect(renderingOptions(form({ dataType: 'entity_reference', referenceDisplayFields: ['name_readable', '', '  '] }))).toEqual({
      reference_display_fields: ['name_readable'],
    });
    expect(renderingOptions(form({ dataType: 'entity_reference', referenceDisplayFields: [' '] }))).toEqual({});
  });
});

describe('directionality', () => {
  it('is required for non-native event reference settings', () => {
    const ref = form({ classifier: 'event', dataType: 'instrument_reference' });
    expect(validateDirectionality('CUSTOM', ref)).toBe('Directionality is required.');
    expect(validateDirectionality('CUSTOM', { ...ref, configuredFlow: 'OUTBOUND' })).toBeNull();
    expect(validateDirectionality('NATIVE', ref)).toBeNull();
    expect(validateDirectionality('CUSTOM', { ...ref, classifier: 'entity' })).toBeNull();
    expect(validateDirectionality('CUSTOM', { ...ref, dataType: 'text' })).toBeNull();
  });
});

describe('enum values', () => {
  it('are case-sensitive', () => {
    expect(enumAddProblem(['Gold'], 'gold')).toBeNull();
    expect(enumAddProblem(['Gold'], 'Gold')).toBe('This value is already in the list.');
    expect(enumAddProblem(['Gold'], ' ')).toBe('Type a value to add.');
  });
  it('are capped at 100: at the cap the option says "Cannot add any more values"', () => {
    const full = Array.from({ length: 100 }, (_, i) => `v${i}`);
    expect(enumAddProblem(full.slice(0, 99), 'new')).toBeNull();
    expect(enumAddProblem(full, 'new')).toBe('Cannot add any more values');
    expect(validateEnumSet('enum', [...full, 'x'])).toBe('Cannot add any more values');
    expect(validateEnumSet('enum', [])).toBe('An enum data setting needs at least one value.');
    expect(validateEnumSet('text', [])).toBeNull();
  });
});

describe('censorship', () => {
  it('offers encrypted only for text settings with the feature flag', () => {
    expect(censorshipOptions('entity', 'text', true)).toEqual(['always_visible', 'censored_viewable', 'censored', 'encrypted']);
    expect(censorshipOptions('entity', 'text', false)).not.toContain('encrypted');
    expect(censorshipOptions('entity', 'number', true)).not.toContain('encrypted');
    expect(censorshipOptions('entity', 'text', true, 'NATIVE')).toEqual(['always_visible', 'censored_viewable', 'censored']);
    expect(validateCensorship(form({ dataType: 'number', censorship: 'encrypted' }))).toBe('Encrypted censorship is available for text settings only.');
  });
  it('forces alert settings to always visible, and clears read lists unless censored', () => {
    expect(censorshipOptions('alert', 'text', true)).toEqual(['always_visible']);
    expect(effectiveCensorship({ classifier: 'alert', censorship: 'censored', teamIds: [1], agentIds: [2] })).toEqual({
      censorship: 'always_visible',
      teamIds: [],
      agentIds: [],
    });
    expect(effectiveCensorship({ classifier: 'entity', censorship: 'always_visible', teamIds: [1], agentIds: [2] })).toEqual({
      censorship: 'always_visible',
      teamIds: [],
      agentIds: [],
    });
    for (const censorship of ['censored', 'censored_viewable', 'encrypted'] as const) {
      expect(effectiveCensorship({ classifier: 'entity', censorship, teamIds: [1], agentIds: [2] })).toEqual({ censorship, teamIds: [1], agentIds: [2] });
    }
  });
});

describe('locks', () => {
  const base = { mode: 'edit' as const, keyType: 'CUSTOM' as const, storedType: 'text' as const, isInternal: false, canEdit: true };
  it('disables the whole form without the edit permission', () => {
    expect(fieldLocks({ ...base, canEdit: false }).all).toBe(true);
    expect(fieldLocks({ ...base, mode: 'add', canEdit: false }).all).toBe(true);
  });
  it('keeps the data type and export of native settings', () => {
    expect(fieldLocks({ ...base, keyType: 'NATIVE' })).toMatchObject({ dataType: true, exported: true, all: false });
    expect(fieldLocks(base)).toMatchObject({ dataType: false, exported: false });
  });
  it('leaves implementation settings to the implementation team', () => {
    expect(fieldLocks(base)).toMatchObject({ configuredFlow: true, semanticType: true, matchable: true });
    expect(fieldLocks({ ...base, isInternal: true })).toMatchObject({ configuredFlow: false, semanticType: false, matchable: false });
    // adding an event reference needs its directionality, so whoever adds it sets it
    expect(fieldLocks({ ...base, mode: 'add' })).toMatchObject({ configuredFlow: false, semanticType: true });
  });
  it('locks reference settings after creation except for the provider', () => {
    expect(fieldLocks({ ...base, storedType: 'entity_reference' }).all).toBe(true);
    expect(fieldLocks({ ...base, storedType: 'entity_reference', isInternal: true }).all).toBe(false);
    expect(fieldLocks({ ...base, mode: 'add', storedType: 'entity_reference' }).all).toBe(false);
  });
});

describe('wire bodies and search', () => {
  const setting: DataSetting = {
    id: 7,
    key_path: 'entity.tier',
    data_type: 'enum',
    key_type: 'CUSTOM',
    native_key: null,
    native_field: null,
    classifier: 'entity',
    user_facing_label: 'Tier',
    description: 'Loyalty tier',
    exported: false,
    matchable: false,
    configured_flow: null,
    semantic_type: null,
    censorship_setting: 'always_visible',
    team_ids_with_censorship_read_permission: [],
    agent_ids_with_censorship_read_permission: [],
    enum_set: ['Gold', 'Silver'],
    rendering_options: {},
    recent_values: [],
    rules: [],
  };
  it('sends only what changed', () => {
    expect(toUpdateBody(formFromSetting(setting), setting)).toBeNull();
    expect(toUpdateBody({ ...formFromSetting(setting), label: 'Loyalty tier ', enumSet: ['Gold', 'Silver', 'gold'] }, setting)).toEqual({
      user_facing_label: 'Loyalty tier',
      enum_set: ['Gold', 'Silver', 'gold'],
    });
  });
  it('never sends read lists the agent was not shown (no read_censorship)', () => {
    const {
      team_ids_with_censorship_read_permission: _t,
      agent_ids_with_censorship_read_permission: _a,
      ...hidden
    } = { ...setting, censorship_setting: 'censored' as const };
    expect(formFromSetting(hidden)).toMatchObject({ censorship: 'censored', teamIds: [], agentIds: [] });
    expect(toUpdateBody({ ...formFromSetting(hidden), label: 'Renamed' }, hidden)).toEqual({ user_facing_label: 'Renamed' });
  });
  it('creates with the clean-ups applied', () => {
    expect(toCreateBody(form({ classifier: 'alert', censorship: 'censored', agentIds: [3], isUrl: false, urlPrefix: 'https://x/' }))).toMatchObject({
      key_path: 'entity.nickname',
      censorship_setting: 'always_visible',
      agent_ids_with_censorship_read_permission: [],
      rendering_options: { is_url: false },
    });
  });
  it('searches label, key path and description, and filters by classifier', () => {
    const other = { ...setting, id: 8, key_path: 'transaction.memo', classifier: 'event' as const, user_facing_label: 'Memo', description: null };
    expect(filterSettings([setting, other], 'LOYALTY', null).map((s) => s.id)).toEqual([7]);
    expect(filterSettings([setting, other], 'transaction.', null).map((s) => s.id)).toEqual([8]);
    expect(filterSettings([setting, other], '', 'event').map((s) => s.id)).toEqual([8]);
    expect(filterSettings([setting, other], 'tier', 'event')).toEqual([]);
  });
});
