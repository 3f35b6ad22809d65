import type { Investigations } from './alerts.js';
import type { OrgContext, SeedContext } from './context.js';
import type { SarDraft } from './filings.js';
import { Rng } from './rng.js';
import { DAY, HOUR, iso, MINUTE, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/** File exports, flat-file ingestion history, notifications, the audit trail and saved layouts. */

export const EXPORT_TYPES = [
  'ALERTS',
  'ALERTS_CSV',
  'CASES',
  'CASES_CSV',
  'CHECKLISTS',
  'CHECKLISTS_CSV',
  'DEVICES',
  'DEVICES_CSV',
  'ENTITIES',
  'ENTITIES_CSV',
  'EVENTS',
  'EVENTS_CSV',
  'INSTRUMENTS',
  'INSTRUMENTS_CSV',
  'RULES',
  'RULES_CSV',
  'RULE_VALIDATIONS',
  'RULE_VALIDATIONS_CSV',
  'SAR_FILINGS',
  'SAR_FILINGS_CSV',
  'TRANSACTIONS',
  'TRANSACTIONS_CSV',
  'RISK_RATING_CSV',
] as const;
export const EXPORT_STATUSES = ['READY_FOR_DOWNLOAD', 'FAILED', 'CANCELED', 'GENERATING', 'REQUESTED'] as const;
/** How a notification words each export status. */
const EXPORT_OUTCOME: Record<string, string> = {
  READY_FOR_DOWNLOAD: 'is ready to download',
  FAILED: 'failed',
  CANCELED: 'was canceled',
  GENERATING: 'is being generated',
  REQUESTED: 'was requested',
};

export interface ExportDraft {
  id: number;
  status: string;
  type: string;
  createdBy: number;
  created: number;
}

export async function seedFileExports(ctx: SeedContext, org: OrgContext): Promise<ExportDraft[]> {
  const rng = Rng.named(`${org.key}:exports`);
  const logins = org.agents.filter((a) => a.demoLogin);
  const types = org.key === 'demo' ? EXPORT_TYPES : EXPORT_TYPES.filter((t) => t.endsWith('_CSV')).slice(0, 5);
  const drafts: ExportDraft[] = [];
  const rows: Row[] = types.map((type, k) => {
    const status = EXPORT_STATUSES[k % EXPORT_STATUSES.length];
    const id = ctx.ids.take('file_exports');
    const inFlight = status === 'GENERATING' || status === 'REQUESTED';
    const created = roundSecond(inFlight ? SEED_NOW - rng.int(2, 50) * MINUTE : SEED_NOW - rng.float(0.5, 60) * DAY);
    const createdBy = logins[k % logins.length].id;
    drafts.push({ id, status, type, createdBy, created });
    const csv = type.endsWith('_CSV') || type === 'RISK_RATING_CSV';
    const fileName = `${type.toLowerCase().replace(/_csv$/, '')}-${iso(created).slice(0, 10)}.${csv ? 'csv' : 'xlsx'}`;
    const content = status === 'READY_FOR_DOWNLOAD' && csv ? `id,external_id,created_at\n1,${org.prefix}example_000001,${iso(created)}\n` : null;
    return {
      id,
      org_id: org.id,
      export_type: type,
      request_source: k === 3 ? 'AI_CHAT' : k % 7 === 5 ? 'API' : k % 11 === 10 ? 'SCHEDULED' : 'CONSOLE',
      file_size: status === 'READY_FOR_DOWNLOAD' ? (content ? content.length : rng.int(20_000, 4_000_000)) : null,
      status,
      file_name: status === 'READY_FOR_DOWNLOAD' ? fileName : null,
      parameters: { filters: { start_date: iso(created - 90 * DAY).slice(0, 10), end_date: iso(created).slice(0, 10) } },
      content,
      error_message: status === 'FAILED' ? 'The export exceeded 1,000,000 rows; narrow the filters and try again.' : null,
      created_by_id: createdBy,
      created_at: iso(created),
      finished_at: status === 'READY_FOR_DOWNLOAD' || status === 'FAILED' || status === 'CANCELED' ? iso(created + rng.int(1, 15) * MINUTE) : null,
    };
  });
  await ctx.w.insert('file_exports', rows);
  return drafts;
}

interface ErrorSpec {
  group: 'annotation_transformation_exceptions' | 'unhandled_exceptions';
  type: string;
  value: string | null;
  columns: string[];
  annotation: string;
  annotationType: string | null;
  transformation: string | null;
}

const ERRORS: ErrorSpec[] = [
  {
    group: 'annotation_transformation_exceptions',
    type: 'CONDITIONAL_REQUIRED_FIELD_ERROR',
    value: null,
    columns: ['receiver_id'],
    annotation: 'receiver_entity.external_id is required but was empty, likely due to conditions evaluating to false.',
    annotationType: 'REQUIRED',
    transformation: null,
  },
  {
    group: 'annotation_transformation_exceptions',
    type: 'TRANSFORMATION_ERROR',
    value: '12,50O.00',
    columns: ['amount'],
    annotation: "Could not convert '12,50O.00' to a number.",
    annotationType: 'NUMBER',
    transformation: 'to_number(amount)',
  },
  {
    group: 'annotation_transformation_exceptions',
    type: 'MAPPING_ERROR',
    value: 'XFER',
    columns: ['txn_type'],
    annotation: "No mapping for value 'XFER' of txn_type.",
    annotationType: 'ENUM',
    transformation: 'map(txn_type)',
  },
  {
    group: 'annotation_transformation_exceptions',
    type: 'EXCESSIVE_OBJECT_ERROR',
    value: null,
    columns: ['instrument_ids'],
    annotation: 'The row references 12 instruments; at most 10 are allowed.',
    annotationType: null,
    transformation: null,
  },
  {
    group: 'annotation_transformation_exceptions',
    type: 'DIRECTIONALITY_ERROR',
    value: 'both',
    columns: ['direction'],
    annotation: "Directionality must be OUTBOUND, INBOUND or OTHER, got 'both'.",
    annotationType: 'FLOW',
    transformation: null,
  },
  {
    group: 'unhandled_exceptions',
    type: 'UNKNOWN_ERROR',
    value: null,
    columns: [],
    annotation: 'Unexpected end of row: 7 columns expected, 5 found.',
    annotationType: null,
    transformation: null,
  },
];

interface FileSpec {
  stream: string;
  day: number;
  status: 'PENDING_UPLOAD' | 'QUEUED' | 'PROCESSING' | 'FINISHED' | 'FAILED';
  dryRun?: boolean;
  counts?: [success: number, failure: number, skip: number, total: number];
  errors?: [spec: number, rows: number][];
}

const FILES: FileSpec[] = [
  { stream: 'transactions', day: 9, status: 'FINISHED', counts: [1200, 0, 0, 1200] },
  {
    stream: 'entities',
    day: 7,
    status: 'FINISHED',
    counts: [480, 20, 3, 503],
    errors: [
      [0, 6],
      [1, 5],
      [2, 4],
      [4, 5],
    ],
  },
  {
    stream: 'instruments',
    day: 6,
    status: 'FINISHED',
    counts: [0, 150, 0, 150],
    errors: [
      [2, 8],
      [3, 2],
    ],
  },
  { stream: 'action_events', day: 5, status: 'FAILED', counts: [0, 0, 0, 0], errors: [[5, 1]] },
  { stream: 'transactions', day: 4, status: 'FINISHED', counts: [2186, 14, 0, 2200], errors: [[5, 14]] },
  { stream: 'transactions', day: 2, status: 'PROCESSING', counts: [800, 2, 0, 1500], errors: [[1, 2]] },
  { stream: 'transactions', day: 1, status: 'QUEUED' },
  { stream: 'entities', day: 1, status: 'PENDING_UPLOAD' },
  { stream: 'transactions', day: 1, status: 'QUEUED', dryRun: true },
  {
    stream: 'entities',
    day: 3,
    status: 'FINISHED',
    dryRun: true,
    counts: [95, 5, 0, 100],
    errors: [
      [0, 3],
      [4, 2],
    ],
  },
  { stream: 'instruments', day: 3, status: 'FINISHED', dryRun: true, counts: [60, 0, 0, 60] },
];

const SAMPLE_CSV: Record<string, string> = {
  transactions:
    'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id\nT-1001,2026-10-20T14:03:00Z,125.00,USD,P2P,cust_000012,cust_000044\nT-1002,2026-10-20T14:05:12Z,12,50O.00,USD,XFER,cust_000013,\n',
  entities: 'customer_id,name,type,email\ncust_100001,Jane Example,user,jane@example.com\ncust_100002,Example Foods LLC,business,\n',
  instruments: 'instrument_id,type,owner_id\nacct_9000001,account,cust_000012\n',
  action_events: 'event_id,event_time,customer_id,action\nAE-1,2026-10-25T10:00:00Z,cust_000012,LOGIN\n',
};

export async function seedFlatFiles(ctx: SeedContext, org: OrgContext): Promise<number[]> {
  const rng = Rng.named(`${org.key}:flat-files`);
  const files: Row[] = [];
  const executions: Row[] = [];
  const errors: Row[] = [];
  const fileIds: number[] = [];
  const specs = org.key === 'demo' ? FILES : FILES.filter((_, k) => k === 0 || k === 1 || k === 6);
  for (const spec of specs) {
    const id = ctx.ids.take('flat_files');
    fileIds.push(id);
    const created = roundSecond(SEED_NOW - spec.day * DAY + rng.int(1, 20) * HOUR);
    const fileName = `${org.prefix}${spec.stream}_${iso(created).slice(0, 10)}${spec.dryRun ? '_dry_run' : ''}.csv`;
    files.push({
      id,
      org_id: org.id,
      stream: spec.stream,
      file_name: fileName,
      status: spec.status,
      is_dry_run: spec.dryRun ?? false,
      object_type: spec.stream,
      content: spec.status === 'PENDING_UPLOAD' ? null : SAMPLE_CSV[spec.stream],
      uploaded_by_id: org.managerId,
      created_at: iso(created),
      updated_at: iso(created + 30 * MINUTE),
    });
    if (spec.status === 'PENDING_UPLOAD') continue;
    const executionId = ctx.ids.take('flat_file_executions');
    const [success, failure, skip, total] = spec.counts ?? [0, 0, 0, 0];
    const finished = spec.status === 'FINISHED' || spec.status === 'FAILED';
    executions.push({
      id: executionId,
      org_id: org.id,
      file_id: id,
      status: spec.status,
      queued_at: iso(created + MINUTE),
      finished_at: finished ? iso(created + rng.int(3, 25) * MINUTE) : null,
      success_count: success,
      failure_count: failure,
      skip_count: skip,
      total_count: total,
      is_dry_run: spec.dryRun ?? false,
      last_row_number: success + failure + skip,
    });
    for (const [specIndex, rows] of spec.errors ?? []) {
      const e = ERRORS[specIndex];
      for (let r = 0; r < rows; r++) {
        const rowNumber = 2 + ((r * 37 + specIndex * 11) % Math.max(2, total || 50));
        errors.push({
          id: ctx.ids.take('flat_file_errors'),
          org_id: org.id,
          execution_id: executionId,
          error_group: e.group,
          row_number: spec.status === 'FAILED' ? null : rowNumber,
          value: e.value,
          raw_data: {
            row: rowNumber,
            txn_id: `T-${1000 + rowNumber}`,
            amount: e.type === 'TRANSFORMATION_ERROR' ? e.value : '125.00',
            txn_type: e.type === 'MAPPING_ERROR' ? 'XFER' : 'P2P',
          },
          type: e.type,
          count: 1,
          columns: e.columns,
          annotation: e.annotation,
          annotation_type: e.annotationType,
          transformation: e.transformation,
        });
      }
    }
  }
  await ctx.w.insert('flat_files', files);
  await ctx.w.insert('flat_file_executions', executions);
  await ctx.w.insert('flat_file_errors', errors);
  return fileIds;
}

/** Notifications of every entity type for every demo login, some read and some unread. */
export async function seedNotifications(
  ctx: SeedContext,
  org: OrgContext,
  inv: Investigations,
  sars: SarDraft[],
  exports: ExportDraft[],
  fileIds: number[],
): Promise<void> {
  const rng = Rng.named(`${org.key}:notifications`);
  const rows: Row[] = [];
  const restrictedId = org.byEmail.get('restricted@demo.test')?.id;
  const recipients = org.agents.filter((a) => a.demoLogin || a.worker);
  for (const agent of recipients) {
    const restricted = agent.id === restrictedId;
    // A queue-restricted agent is notified about work in their queue only.
    const visible = (queueKey: string | null) => !restricted || queueKey === 'sensitive';
    const alert =
      inv.alerts.find((a) => a.status !== 'RULE_VALIDATION' && visible(a.queueKey) && (restricted || a.assignee === agent.id)) ??
      inv.alerts.find((a) => visible(a.queueKey));
    const kase = inv.cases.find((c) => visible(c.queueKey) && (restricted || c.assignee === agent.id)) ?? inv.cases.find((c) => visible(c.queueKey));
    const sar = sars.find((s) => visible(s.queueKey)) ?? sars[0];
    const exportDraft = exports.find((x) => x.createdBy === agent.id) ?? exports[0];
    const mentioner = org.agents.find((a) => a.id !== agent.id && a.worker) ?? org.agents[0];
    const rule = Object.values(org.rules).find((r) => r.status === 'DRAFT') ?? Object.values(org.rules)[0];
    const queueId = restricted ? org.queues.sensitive : org.queues.highRisk;
    const items: [string, number | null, string][] = [
      ['ALERT', alert?.id ?? null, `Alert ${alert?.id} was assigned to you: ${alert?.title}`],
      ['ALERT', null, 'New alerts are waiting in your queues.'],
      ['CASE', kase?.id ?? null, `${mentioner.full_name} mentioned you on case ${kase?.id}: ${kase?.title}`],
      ['ALERT_QUEUE', queueId, `You were added to the queue ${restricted ? 'Sensitive Investigations' : 'High Risk'}.`],
      ['PROFILE', mentioner.id, `${mentioner.full_name} updated your notification settings.`],
      ['RULE', rule.id, `Validation of the rule "${rule.title}" finished.`],
      ['SAR', sar?.id ?? null, `${sar?.name} changed status to ${sar?.status}.`],
      [
        'FILE_EXPORT',
        exportDraft?.id ?? null,
        `Your ${exportDraft?.type.toLowerCase().replace(/_/g, ' ')} export ${EXPORT_OUTCOME[exportDraft?.status ?? 'REQUESTED'] ?? 'has changed'}.`,
      ],
      ['FFIP_NOTIFICATION', fileIds[1] ?? fileIds[0] ?? null, 'Flat file ingestion finished with errors: 20 rows failed.'],
      ['CASE', inv.cases.find((c) => visible(c.queueKey) && c.status !== 'CLOSED')?.id ?? kase?.id ?? null, 'A case deadline is due in 2 days.'],
    ];
    items.forEach(([entityType, entityId, content], k) => {
      const created = roundSecond(SEED_NOW - (k * 29 + rng.int(0, 20)) * HOUR);
      rows.push({
        id: ctx.ids.take('notifications'),
        org_id: org.id,
        agent_id: agent.id,
        content,
        // the newest few are unread, older ones read, with exceptions
        status: k < 4 || k === 7 ? 'unread' : 'read',
        entity_type: entityType,
        entity_id: entityId,
        created_at: iso(created),
      });
    });
  }
  // Mentions in comments on data objects; older and read, and numbered after every row above so
  // those keep their ids and times.
  const flagged = inv.alerts.find((a) => a.txns.length > 0 && a.entityIdxs.length > 0 && a.instrumentIds.length > 0);
  const watched = inv.alerts.find((a) => a.actionEventIds.length > 0);
  const entity = flagged ? org.entities[flagged.entityIdxs[0]] : org.entities[0];
  const mentions: [string, number | null, string][] = [
    ['ENTITY', entity?.id ?? null, `on entity ${entity?.external_id}`],
    ['INSTRUMENT', flagged?.instrumentIds[0] ?? org.instruments[0]?.id ?? null, 'on an instrument'],
    ['TRANSACTION', flagged?.txns[0]?.id ?? null, `on transaction ${flagged?.txns[0]?.external_id}`],
    ['ACTION_EVENT', watched?.actionEventIds[0] ?? null, 'on an action event'],
  ];
  for (const agent of recipients) {
    const mentioner = org.agents.find((a) => a.id !== agent.id && a.worker) ?? org.agents[0];
    mentions.forEach(([entityType, entityId, where], k) => {
      rows.push({
        id: ctx.ids.take('notifications'),
        org_id: org.id,
        agent_id: agent.id,
        content: `${mentioner.full_name} mentioned you in a comment ${where}.`,
        status: 'read',
        entity_type: entityType,
        entity_id: entityId,
        created_at: iso(roundSecond(SEED_NOW - (300 + k * 31) * HOUR)),
      });
    });
  }
  await ctx.w.insert('notifications', rows);
}

/** A short audit trail, the impersonation that produced part of it, and a saved column layout. */
export async function seedAuditAndLayouts(ctx: SeedContext, demo: OrgContext, north: OrgContext, inv: Investigations): Promise<void> {
  const rng = Rng.named('audit');
  const admin = demo.adminId;
  const target = north.byEmail.get('analyst@northwind.test')!.id;
  const started = roundSecond(SEED_NOW - 12 * DAY);
  const impersonationId = ctx.ids.take('impersonation_logs');
  await ctx.w.insert('impersonation_logs', [
    {
      id: impersonationId,
      org_id: north.id,
      agent_id: admin,
      impersonated_agent_id: target,
      reason: 'Customer support ticket',
      support_ticket_id: 'SUP-4821',
      additional_details: 'Analyst cannot see the Escalations queue; checking what they see.',
      started_at: iso(started),
      cancelled_at: iso(started + 18 * MINUTE),
    },
  ]);
  const rows: Row[] = [];
  const add = (
    org: OrgContext,
    agentId: number | null,
    action: string,
    objectType: string | null,
    objectId: string | null,
    details: Record<string, unknown>,
    at: number,
  ) =>
    rows.push({
      id: ctx.ids.take('audit_log'),
      org_id: org.id,
      agent_id: agentId,
      action,
      object_type: objectType,
      object_id: objectId,
      details,
      request_id: `req_${rng.hex(16)}`,
      created_at: iso(roundSecond(at)),
    });
  add(north, admin, 'impersonation.started', 'AGENT', String(target), { impersonation_log_id: impersonationId, reason: 'Customer support ticket' }, started);
  add(north, admin, 'impersonation.cancelled', 'AGENT', String(target), { impersonation_log_id: impersonationId }, started + 18 * MINUTE);
  for (const org of [demo, north]) {
    for (const a of org.agents.filter((x) => x.demoLogin))
      add(org, a.id, 'session.signed_in', 'AGENT', String(a.id), { connection: 'email' }, SEED_NOW - rng.float(1, 48) * HOUR);
    add(org, org.managerId, 'risk_model.activated', 'RISK_MODEL', null, { title: 'Customer risk model v3' }, SEED_NOW - 110 * DAY);
    add(org, org.managerId, 'permissions.saved', 'AGENT', String(org.workers[0]), { association_type: 'agent', preset: 'Agent' }, SEED_NOW - 90 * DAY);
  }
  for (const a of inv.alerts.filter((x) => x.assignee !== null).slice(0, 15))
    add(demo, demo.managerId, 'alert.assigned', 'ALERT', String(a.id), { agent_id: a.assignee }, a.created + HOUR);
  for (const c of inv.cases.filter((x) => x.closed !== null).slice(0, 10))
    add(demo, c.assignee, 'case.closed', 'CASE', String(c.id), { disposition: c.disposition }, c.closed!);
  await ctx.w.insert('audit_log', rows);

  const analyst = demo.byEmail.get('analyst@demo.test')!.id;
  const s = (key: string) => demo.settings.get(key)!.id;
  await ctx.w.insert('column_layouts', [
    {
      org_id: demo.id,
      agent_id: analyst,
      table_id: 'transactions',
      columns: [
        { key: 'event_time', key_type: 'NATIVE', data_setting_id: null, label: 'Event time', description: 'When the transaction happened', hidden: false },
        { key: 'amount', key_type: 'NATIVE', data_setting_id: null, label: 'Amount', description: 'Amount in the transaction currency', hidden: false },
        { key: 'internal_txn_type', key_type: 'NATIVE', data_setting_id: null, label: 'Transaction type', description: '', hidden: false },
        { key: 'transaction.channel', key_type: 'DATA_SETTING', data_setting_id: s('transaction.channel'), label: 'Channel', description: '', hidden: false },
        {
          key: 'transaction.memo',
          key_type: 'DATA_SETTING',
          data_setting_id: s('transaction.memo'),
          label: 'Memo',
          description: 'Free text entered by the customer.',
          hidden: true,
        },
      ],
      updated_at: iso(SEED_NOW - 5 * DAY),
    },
  ]);
}
