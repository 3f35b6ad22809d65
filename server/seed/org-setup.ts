import { AGENT_PRESET, MANAGER_PRESET } from '../domain/permissions/presets.js';
import { featureFlagNames, permissionCatalogue } from './catalogue.js';
import type { AgentInfo, OrgContext, SeedContext } from './context.js';
import { iso, SEED_START, DAY } from './time.js';
import { CA_CITIES, US_CITIES } from './words.js';

/** Organisations, settings, flags, the permission catalogue, agents, teams, queues, tags and AI agents. */

interface AgentSpec {
  email: string;
  full_name: string;
  grants: readonly string[];
  worker?: boolean;
  demoLogin?: boolean;
  status?: 'active' | 'inactive';
  is_internal?: boolean;
  is_ai_admin?: boolean;
  has_valid_auth?: boolean;
}

const RESTRICTED_SET = ['read_alerts', 'read_cases', 'read_entities', 'read_events'] as const;
/** the permission set of the Fraud Operations team, which takes precedence over its members' own sets */
const FRAUD_TEAM_SET = ['read_alerts', 'edit_alerts', 'read_cases', 'read_entities', 'read_events', 'read_transaction_instruments', 'read_rules'] as const;

const DEMO_AGENTS: AgentSpec[] = [
  { email: 'analyst@demo.test', full_name: 'Avery Analyst', grants: AGENT_PRESET, worker: true, demoLogin: true },
  { email: 'manager@demo.test', full_name: 'Morgan Manager', grants: MANAGER_PRESET, worker: true, demoLogin: true },
  { email: 'admin@demo.test', full_name: 'Ada Admin', grants: ['root_all'], demoLogin: true, is_internal: true, is_ai_admin: true },
  { email: 'restricted@demo.test', full_name: 'Riley Restricted', grants: RESTRICTED_SET, demoLogin: true },
  { email: 'jordan.lee@demo.test', full_name: 'Jordan Lee', grants: AGENT_PRESET, worker: true },
  { email: 'priya.shah@demo.test', full_name: 'Priya Shah', grants: AGENT_PRESET, worker: true },
  { email: 'marcus.bell@demo.test', full_name: 'Marcus Bell', grants: AGENT_PRESET, worker: true },
  { email: 'sofia.reyes@demo.test', full_name: 'Sofia Reyes', grants: MANAGER_PRESET, worker: true },
  { email: 'liam.okafor@demo.test', full_name: 'Liam Okafor', grants: AGENT_PRESET, worker: true },
  { email: 'hannah.kim@demo.test', full_name: 'Hannah Kim', grants: AGENT_PRESET, worker: true },
  { email: 'diego.alvarez@demo.test', full_name: 'Diego Alvarez', grants: AGENT_PRESET, status: 'inactive' },
  { email: 'grace.chen@demo.test', full_name: 'Grace Chen', grants: AGENT_PRESET, has_valid_auth: false },
];

/** Northwind reports to FINTRAC: its analysts write and edit FINTRAC reports, its manager also submits them and keeps the settings. */
const FINTRAC_WRITER = ['read_fintrac_filings', 'create_fintrac_filings', 'edit_fintrac_filings'] as const;
const FINTRAC_OFFICER = [...FINTRAC_WRITER, 'submit_fintrac_filings', 'edit_fintrac_config'] as const;

const NORTHWIND_AGENTS: AgentSpec[] = [
  { email: 'analyst@northwind.test', full_name: 'Nia Northwind', grants: [...AGENT_PRESET, ...FINTRAC_WRITER], worker: true, demoLogin: true },
  { email: 'admin@northwind.test', full_name: 'Noah Northwind', grants: ['root_all'], worker: true, demoLogin: true },
  { email: 'ben.tremblay@northwind.test', full_name: 'Ben Tremblay', grants: [...AGENT_PRESET, ...FINTRAC_WRITER], worker: true },
  { email: 'chloe.martin@northwind.test', full_name: 'Chloé Martin', grants: [...MANAGER_PRESET, ...FINTRAC_OFFICER], worker: true },
];

const DEMO_FLAGS_OFF = new Set(['cold_storage', 'cached_reads', 'crash_test']);
const NORTHWIND_FLAGS_ON = new Set(['network_analysis', 'risk_score_display', 'blocked_reasons_display']);

const TAGS: [string, string][] = [
  ['High risk', 'red'],
  ['Under review', 'amber'],
  ['PEP', 'purple'],
  ['Cash intensive', 'orange'],
  ['Mule suspect', 'red'],
  ['Escalated', 'pink'],
  ['False positive', 'green'],
  ['Law enforcement request', 'blue'],
  ['VIP', 'teal'],
  ['Watchlist', 'gray'],
];

export async function seedOrganisations(ctx: SeedContext): Promise<{ demo: OrgContext; north: OrgContext }> {
  const { w, ids, scale } = ctx;
  const demoId = ids.take('organisations');
  const northId = ids.take('organisations');
  const created = iso(SEED_START - 400 * DAY);
  await w.insert('organisations', [
    { id: demoId, display_name: 'Demo Bank', parent_id: null, created_at: created },
    { id: northId, display_name: 'Northwind Credit Union', parent_id: null, created_at: created },
  ]);
  await w.insert('organisation_settings', [
    { org_id: demoId, inactivity_enabled: false, inactivity_time_seconds: 1800, home_route: null, data_store: 'PG', updated_at: created },
    { org_id: northId, inactivity_enabled: false, inactivity_time_seconds: 1800, home_route: null, data_store: 'PG', updated_at: created },
  ]);
  const flags = featureFlagNames();
  await w.insert('feature_flags', [
    ...flags.map((name) => ({ org_id: demoId, name, enabled: !DEMO_FLAGS_OFF.has(name) })),
    ...flags.map((name) => ({ org_id: northId, name, enabled: NORTHWIND_FLAGS_ON.has(name) })),
  ]);

  const catalogue = permissionCatalogue();
  await w.insert('permissions', catalogue);
  const permissionId = new Map(catalogue.map((p) => [p.name, p.id]));
  const grantRows = (orgId: number, type: 'agent' | 'team', id: number, names: readonly string[]) =>
    names.map((name) => {
      const pid = permissionId.get(name);
      if (!pid) throw new Error(`seed: permission ${name} is not in the contract's PermissionName`);
      return { org_id: orgId, association_type: type, association_id: id, permission_id: pid };
    });

  const makeOrg = (key: 'demo' | 'north', id: number): OrgContext => ({
    key,
    id,
    name: key === 'demo' ? 'Demo Bank' : 'Northwind Credit Union',
    currency: key === 'demo' ? 'USD' : 'CAD',
    cities: key === 'demo' ? US_CITIES : CA_CITIES,
    volumes: key === 'demo' ? scale.demoBank : scale.northwind,
    prefix: key === 'demo' ? '' : 'nw-',
    agents: [],
    byEmail: new Map(),
    workers: [],
    managerId: 0,
    adminId: 0,
    queues: {},
    teams: {},
    tags: {},
    settings: new Map(),
    entities: [],
    instruments: [],
    sharedDevice: null,
    activity: new Float64Array(0),
    rules: {},
  });
  const demo = makeOrg('demo', demoId);
  const north = makeOrg('north', northId);

  const agentRows: Record<string, unknown>[] = [];
  const grants: Record<string, unknown>[] = [];
  for (const [org, specs] of [
    [demo, DEMO_AGENTS],
    [north, NORTHWIND_AGENTS],
  ] as const) {
    specs.forEach((spec, i) => {
      const id = ids.take('agents');
      agentRows.push({
        id,
        org_id: org.id,
        email: spec.email.toLowerCase(),
        full_name: spec.full_name,
        picture: null,
        status: spec.status ?? 'active',
        is_internal: spec.is_internal ?? false,
        is_ai_admin: spec.is_ai_admin ?? false,
        has_valid_auth: spec.has_valid_auth ?? true,
        created_at: iso(SEED_START - (300 - i * 7) * DAY),
      });
      const info: AgentInfo = { id, email: spec.email, full_name: spec.full_name, worker: !!spec.worker, demoLogin: !!spec.demoLogin };
      org.agents.push(info);
      org.byEmail.set(spec.email, info);
      if (spec.worker) org.workers.push(id);
      grants.push(...grantRows(org.id, 'agent', id, spec.grants));
    });
  }
  await w.insert('agents', agentRows);
  const agentId = (org: OrgContext, email: string) => org.byEmail.get(email)!.id;
  demo.managerId = agentId(demo, 'manager@demo.test');
  demo.adminId = agentId(demo, 'admin@demo.test');
  north.managerId = agentId(north, 'chloe.martin@northwind.test');
  north.adminId = agentId(north, 'admin@northwind.test');

  // Teams. Fraud Operations carries a permission set; none of the demo logins is a member, so the
  // precedence of team permissions can be tested with liam.okafor@demo.test and hannah.kim@demo.test.
  const teamSpecs: [OrgContext, string, string, string[], boolean, string[]][] = [
    [
      demo,
      'Investigations',
      'AML investigations and SAR preparation.',
      ['analyst@demo.test', 'manager@demo.test', 'jordan.lee@demo.test', 'priya.shah@demo.test'],
      false,
      ['High risk', 'Escalated', 'Under review'],
    ],
    [
      demo,
      'Sanctions & Screening',
      'Watchlist, PEP and adverse-media screening.',
      ['marcus.bell@demo.test', 'sofia.reyes@demo.test'],
      false,
      ['PEP', 'Watchlist'],
    ],
    [demo, 'Fraud Operations', 'Card, account-takeover and mule-account fraud.', ['liam.okafor@demo.test', 'hannah.kim@demo.test'], true, ['Mule suspect']],
    [
      north,
      'Member Review',
      'Member account reviews and LCTR filings.',
      ['analyst@northwind.test', 'ben.tremblay@northwind.test', 'chloe.martin@northwind.test'],
      false,
      [],
    ],
  ];
  const teamRows: Record<string, unknown>[] = [];
  const memberRows: Record<string, unknown>[] = [];
  for (const [org, name, description, members, hasSet, allowedTags] of teamSpecs) {
    const id = ids.take('teams');
    org.teams[name] = id;
    teamRows.push({ id, org_id: org.id, name, description, allowed_tags: allowedTags, has_permission_set: hasSet, created_at: iso(SEED_START - 200 * DAY) });
    for (const email of members) memberRows.push({ org_id: org.id, team_id: id, agent_id: agentId(org, email) });
    if (hasSet) grants.push(...grantRows(org.id, 'team', id, FRAUD_TEAM_SET));
  }
  await w.insert('teams', teamRows);
  await w.insert('team_members', memberRows);
  await w.insert('permission_associations', grants);

  // Deadlines given to new work in each queue (seconds); Northwind's General queue sets none, so new
  // cases there fall back to the default of 30 days.
  const queueSpecs: [OrgContext, string, string, 'open' | 'restricted', string[], string, number | null][] = [
    [demo, 'general', 'General', 'open', [], 'Alerts and cases without a specialist queue.', 30 * 86_400],
    [demo, 'highRisk', 'High Risk', 'open', [], 'High-risk customers, structuring and large cash activity.', 7 * 86_400],
    [demo, 'fraudOps', 'Fraud Ops', 'open', [], 'Card fraud, account takeover and mule movement.', 3 * 86_400],
    [
      demo,
      'sensitive',
      'Sensitive Investigations',
      'restricted',
      ['restricted@demo.test', 'manager@demo.test'],
      'Law enforcement requests and staff-related matters; members only.',
      14 * 86_400,
    ],
    [north, 'general', 'General', 'open', [], 'Every member alert and case.', null],
    [
      north,
      'sensitive',
      'Escalations',
      'restricted',
      ['admin@northwind.test', 'chloe.martin@northwind.test'],
      'Escalated member reviews; members only.',
      14 * 86_400,
    ],
  ];
  const queueRows: Record<string, unknown>[] = [];
  const queueMemberRows: Record<string, unknown>[] = [];
  for (const [org, key, title, access, members, description, deadlineSeconds] of queueSpecs) {
    const id = ids.take('queues');
    org.queues[key] = id;
    queueRows.push({ id, org_id: org.id, title, access_type: access, description, deadline_seconds: deadlineSeconds, created_at: iso(SEED_START - 200 * DAY) });
    for (const email of members) queueMemberRows.push({ org_id: org.id, queue_id: id, agent_id: agentId(org, email) });
  }
  // Northwind has no High Risk or Fraud Ops queue; their work goes to General.
  north.queues.highRisk = north.queues.general!;
  north.queues.fraudOps = north.queues.general!;
  await w.insert('queues', queueRows);
  await w.insert('queue_members', queueMemberRows);

  const tagRows: Record<string, unknown>[] = [];
  for (const org of [demo, north]) {
    for (const [title, color] of org.key === 'demo' ? TAGS : TAGS.slice(0, 6)) {
      const id = ids.take('tags');
      org.tags[title] = id;
      tagRows.push({ id, org_id: org.id, title, color, created_at: iso(SEED_START - 100 * DAY) });
    }
  }
  await w.insert('tags', tagRows);

  await w.insert('ai_agents', [
    {
      id: ids.take('ai_agents'),
      org_id: demo.id,
      status: 'configured',
      configured_at: iso(SEED_START + 300 * DAY),
      created_at: iso(SEED_START + 280 * DAY),
      updated_at: iso(SEED_START + 300 * DAY),
    },
    {
      id: ids.take('ai_agents'),
      org_id: north.id,
      status: 'unconfigured',
      configured_at: null,
      created_at: iso(SEED_START + 280 * DAY),
      updated_at: iso(SEED_START + 280 * DAY),
    },
  ]);
  return { demo, north };
}
