import { describe, expect, it } from 'vitest';
import { describeHolders, filterRows, operationRows, routeRows } from '../../src/app/devtools/auditor.utils';
import type { AuditedAgent, AuditedOperation } from '../../src/api/dev-tools/queries';
import { checkBody, checkPath, formatAnswer, REQUEST_FAILED } from '../../src/app/devtools/request-tool.utils';
import { ROUTES } from '../../src/app/route-table';
import { isRouteAllowed, type CurrentAgent, type PermissionName } from '../../src/lib/permissions';

const subject = (permissions: PermissionName[], extra: Partial<CurrentAgent> = {}) => ({ permissions, feature_flags: [], is_internal: false, ...extra });

describe('the crash-test page', () => {
  it('opens for internal staff, or for anyone when the crash_test flag is on; root_all alone is not enough', () => {
    expect(isRouteAllowed(ROUTES, '/crash', subject(['root_all']))).toBe(false);
    expect(isRouteAllowed(ROUTES, '/crash', subject([], { is_internal: true }))).toBe(true);
    expect(isRouteAllowed(ROUTES, '/crash', subject(['read_alerts'], { feature_flags: ['crash_test'] }))).toBe(true);
  });
});

describe('request tool rules', () => {
  it('sends no body for an empty one and refuses what does not parse', () => {
    expect(checkBody('  ')).toEqual({ ok: true, value: undefined });
    expect(checkBody('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    const bad = checkBody('{"a": ');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message).toMatch(/^The body is not valid JSON: /);
  });
  it('keeps to /api paths of this console', () => {
    expect(checkPath('/api/agents/me')).toBeNull();
    expect(checkPath('/alerts')).toBe('The path must start with /api/.');
    expect(checkPath('https://evil.example/api/x')).toBe('The path must start with /api/.');
    expect(checkPath('/api/../https://evil.example')).toBe('The path must stay on this console.');
  });
  it('indents JSON answers and leaves anything else as received', () => {
    expect(formatAnswer('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatAnswer('plain')).toBe('plain');
    expect(formatAnswer('')).toBe('(empty body)');
    expect(REQUEST_FAILED).toBe('Error! See console for details.');
  });
});

const person = (id: number, permissions: string[], extra: Partial<AuditedAgent> = {}): AuditedAgent => ({
  id,
  full_name: `Agent ${id}`,
  email: `a${id}@x.test`,
  status: 'active',
  is_internal: false,
  is_ai_admin: false,
  permission_source: 'agent',
  permissions: permissions as AuditedAgent['permissions'],
  ...extra,
});

describe('permission auditor rows', () => {
  const agents = [
    person(1, ['read_alerts']),
    person(2, ['root_all']),
    person(3, [], { is_internal: true }),
    person(4, ['read_alerts', 'read_cases'], { status: 'inactive' }),
  ];

  it('lists who opens each console route under the organisation flags, inactive agents never', () => {
    const rows = routeRows(ROUTES, agents, []);
    expect(rows.find((r) => r.key === 'alerts.list')).toMatchObject({ needs: 'all of: read_alerts', holderIds: [1, 2] });
    expect(rows.find((r) => r.key === 'crash')).toMatchObject({
      needs: 'any signed-in agent; or internal staff',
      flags: [{ name: 'crash_test', on: false }],
      holderIds: [3],
    });
    expect(routeRows(ROUTES, agents, ['crash_test']).find((r) => r.key === 'crash')!.holderIds).toEqual([1, 2, 3]);
    expect(rows.some((r) => r.key === 'login.agent')).toBe(false);
  });

  it("takes the server's holders for operations, and no one while a required flag is off", () => {
    const op: AuditedOperation = {
      operation_id: 'chat',
      method: 'POST',
      path: '/api/chat',
      summary: 'Chat',
      mode: 'anyOf',
      permissions: ['use_ai_chat'],
      agent_flags: ['internal_staff'],
      feature_flags: ['ai_chat'],
      holder_ids: [2],
    };
    expect(operationRows([op], [])[0]).toMatchObject({ target: 'POST /api/chat', needs: 'any of: use_ai_chat; agent flag: internal_staff', holderIds: [] });
    expect(operationRows([op], ['ai_chat'])[0].holderIds).toEqual([2]);
  });

  it('names holders, and searches paths, permissions and agent names', () => {
    expect(describeHolders([], agents)).toBe('No one');
    expect(describeHolders([1, 2, 3], agents)).toBe('Every active agent (3)');
    expect(describeHolders([3], agents)).toBe('Agent 3');
    const rows = routeRows(ROUTES, agents, []);
    expect(filterRows(rows, 'READ_ALERTS', agents).map((r) => r.key)).toContain('alerts.list');
    expect(filterRows(rows, 'agent 3', agents).map((r) => r.key)).toContain('crash');
    expect(filterRows(rows, 'agent 3', agents).map((r) => r.key)).not.toContain('alerts.list');
  });
});
