import type { ComparisonOperator, CompositeOperator } from '../../core/rule-conditions.js';
import type { OrgContext, SeedContext } from './context.js';
import { DAY, iso, SEED_NOW, SEED_START } from './time.js';
import type { Row } from './writer.js';

/**
 * Detection rules. A spec holds the variables a rule aggregates and a condition tree over them:
 * composite nodes `{ type: 'composite', operator: 'AND' | 'OR', operands }` and leaves
 * `{ type: 'leaf', operator, operands: [{ variable }, { value }] }`. An alert hit keeps the
 * variables' values in variable_snapshots, so the console can replay the tree for that hit.
 */

export type RuleKey = 'structuring' | 'rapid' | 'sharedDevice' | 'largeCash' | 'highRiskWire' | 'dormant' | 'cardTesting' | 'legacyVelocity';

interface RuleDef {
  key: RuleKey;
  title: (org: OrgContext) => string;
  description: string;
  status: 'DRAFT' | 'ACTIVE' | 'ACTIVE_SHADOW' | 'ARCHIVED';
  queue: string | null;
  spec: (org: OrgContext) => Record<string, unknown>;
}

const leaf = (variable: string, operator: ComparisonOperator, value: unknown) => ({ type: 'leaf', operator, operands: [{ variable }, { value }] });
const composite = (operator: CompositeOperator, operands: unknown[]) => ({ type: 'composite', operator, operands });
const all = (...operands: unknown[]) => composite('AND', operands);
const any = (...operands: unknown[]) => composite('OR', operands);

const RULES: RuleDef[] = [
  {
    key: 'structuring',
    title: (org) => (org.key === 'demo' ? 'Structuring below CTR threshold' : 'Structuring below LCTR threshold'),
    description: 'Three or more cash deposits between 9,000 and 9,999 by one customer within 7 days.',
    status: 'ACTIVE',
    queue: 'highRisk',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 85,
      sar_categories: [114],
      variables: [
        {
          name: 'cash_deposit_count_7d',
          label: 'Cash deposits of 9,000-9,999 in 7 days',
          aggregation: 'count',
          filter: { internal_txn_type: ['CASH_DEPOSIT'], amount_between: [9000, 9999.99] },
          window_minutes: 10080,
        },
        {
          name: 'cash_deposit_sum_7d',
          label: 'Sum of those deposits',
          aggregation: 'sum',
          field: 'amount',
          filter: { internal_txn_type: ['CASH_DEPOSIT'], amount_between: [9000, 9999.99] },
          window_minutes: 10080,
        },
      ],
      condition: all(leaf('cash_deposit_count_7d', '>=', 3), leaf('cash_deposit_sum_7d', '>=', 27000)),
    }),
  },
  {
    key: 'rapid',
    title: () => 'Rapid movement of funds',
    description: 'Funds received and sent on (90% or more) within 24 hours.',
    status: 'ACTIVE',
    queue: 'fraudOps',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 90,
      sar_categories: [805, 812],
      variables: [
        { name: 'inbound_sum_24h', label: 'Received in 24 hours', aggregation: 'sum', field: 'amount', filter: { flow: 'INBOUND' }, window_minutes: 1440 },
        { name: 'outbound_sum_24h', label: 'Sent in 24 hours', aggregation: 'sum', field: 'amount', filter: { flow: 'OUTBOUND' }, window_minutes: 1440 },
        {
          name: 'outbound_ratio_24h',
          label: 'Sent / received in 24 hours',
          aggregation: 'ratio',
          of: ['outbound_sum_24h', 'inbound_sum_24h'],
          window_minutes: 1440,
        },
      ],
      condition: all(leaf('inbound_sum_24h', '>=', 5000), leaf('outbound_ratio_24h', '>=', 0.9)),
    }),
  },
  {
    key: 'sharedDevice',
    title: (org) => (org.key === 'demo' ? 'Shared device across customers' : 'Shared device across members'),
    description: 'One device fingerprint or IP address used by three or more unrelated customers within 30 days.',
    status: 'ACTIVE',
    queue: 'sensitive',
    spec: () => ({
      event_type: 'ACTION_EVENT',
      score: 90,
      sar_categories: [911],
      variables: [
        {
          name: 'entities_per_fingerprint_30d',
          label: 'Customers on this device in 30 days',
          aggregation: 'count_distinct',
          field: 'entity_id',
          group_by: 'device_fingerprint',
          window_minutes: 43200,
        },
        {
          name: 'entities_per_ip_30d',
          label: 'Customers on this IP address in 30 days',
          aggregation: 'count_distinct',
          field: 'entity_id',
          group_by: 'ip_address',
          window_minutes: 43200,
        },
      ],
      condition: any(leaf('entities_per_fingerprint_30d', '>=', 3), leaf('entities_per_ip_30d', '>=', 3)),
    }),
  },
  {
    key: 'largeCash',
    title: (org) => (org.key === 'demo' ? 'Large cash deposit at CTR threshold' : 'Large cash transaction (LCTR)'),
    description: 'A single cash deposit of 10,000 or more, reportable on a currency transaction report.',
    status: 'ACTIVE',
    queue: 'general',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 45,
      sar_categories: [821],
      variables: [
        { name: 'cash_deposit_amount', label: 'Cash deposit amount', aggregation: 'value', field: 'amount', filter: { internal_txn_type: ['CASH_DEPOSIT'] } },
      ],
      condition: all(leaf('cash_deposit_amount', '>=', 10000)),
    }),
  },
  {
    key: 'highRiskWire',
    title: () => 'Wire to or from a high-risk jurisdiction',
    description: 'A wire transfer whose counterparty is in a high-risk jurisdiction.',
    status: 'ACTIVE',
    queue: 'highRisk',
    spec: (org) => ({
      event_type: 'TRANSACTION',
      score: 75,
      sar_categories: [928],
      variables: [
        { name: 'wire_amount', label: 'Wire amount', aggregation: 'value', field: 'amount', filter: { internal_txn_type: ['WIRE'] } },
        {
          name: 'counterparty_country',
          label: 'Counterparty country',
          aggregation: 'value',
          data_setting_id: org.settings.get('transaction.counterparty_country')?.id ?? null,
        },
      ],
      condition: all(leaf('counterparty_country', 'in', ['IR', 'KP', 'MM', 'SY', 'YE']), leaf('wire_amount', '>', 0)),
    }),
  },
  {
    key: 'dormant',
    title: () => 'Dormant account reactivation',
    description: 'More than 5,000 moved within a day on an account without activity for 180 days. Running in shadow mode.',
    status: 'ACTIVE_SHADOW',
    queue: 'general',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 60,
      sar_categories: [812],
      variables: [
        { name: 'days_since_last_activity', label: 'Days since previous activity', aggregation: 'days_since_previous' },
        { name: 'sum_24h', label: 'Moved in 24 hours', aggregation: 'sum', field: 'amount', window_minutes: 1440 },
      ],
      condition: all(leaf('days_since_last_activity', '>=', 180), leaf('sum_24h', '>', 5000)),
    }),
  },
  {
    key: 'cardTesting',
    title: () => 'Card testing: burst of small authorisations',
    description: 'Ten or more card transactions under 5.00 within an hour. Draft under validation.',
    status: 'DRAFT',
    queue: null,
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 55,
      sar_categories: [305],
      variables: [
        {
          name: 'small_card_auth_count_60m',
          label: 'Card transactions under 5.00 in 60 minutes',
          aggregation: 'count',
          filter: { internal_txn_type: ['CARD'], amount_below: 5 },
          window_minutes: 60,
        },
      ],
      condition: all(leaf('small_card_auth_count_60m', '>=', 10)),
    }),
  },
  {
    key: 'legacyVelocity',
    title: () => 'Legacy velocity check',
    description: 'Replaced by "Rapid movement of funds".',
    status: 'ARCHIVED',
    queue: null,
    spec: () => ({
      event_type: 'TRANSACTION',
      variables: [{ name: 'txn_count_24h', label: 'Transactions in 24 hours', aggregation: 'count', window_minutes: 1440 }],
      condition: all(leaf('txn_count_24h', '>', 25)),
    }),
  },
];

/**
 * Further typologies, running in shadow while they are tuned: velocity, round amounts, fan-in and
 * fan-out. Seeded after both organisations' first rules, so the rules above keep their ids.
 */
const TYPOLOGY_RULES: Array<Omit<RuleDef, 'key'> & { key: string }> = [
  {
    key: 'velocity',
    title: () => 'Velocity: burst of outgoing payments',
    description: 'Ten or more payments sent within an hour.',
    status: 'ACTIVE_SHADOW',
    queue: 'fraudOps',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 50,
      sar_categories: [812],
      variables: [{ name: 'sent_count_60m', label: 'Payments sent in 60 minutes', aggregation: 'count', filter: { flow: 'OUTBOUND' }, window_minutes: 60 }],
      condition: all(leaf('sent_count_60m', '>=', 10)),
    }),
  },
  {
    key: 'roundAmounts',
    title: () => 'Round-amount transfers',
    description: 'Three or more transfers of round thousands (3,000 or more) sent within 7 days.',
    status: 'ACTIVE_SHADOW',
    queue: 'general',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 55,
      sar_categories: [925],
      variables: [
        {
          name: 'round_sent_7d',
          label: 'Round-thousand transfers sent in 7 days',
          aggregation: 'count',
          filter: { flow: 'OUTBOUND', amount_multiple_of: 1000, amount_above: 2999.99 },
          window_minutes: 10080,
        },
      ],
      condition: all(leaf('round_sent_7d', '>=', 3)),
    }),
  },
  {
    key: 'fanIn',
    title: () => 'Fan-in: funds from many senders',
    description: 'Money received from five or more different customers within 7 days.',
    status: 'ACTIVE_SHADOW',
    queue: 'fraudOps',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 65,
      sar_categories: [824],
      variables: [
        {
          name: 'senders_7d',
          label: 'Different senders in 7 days',
          aggregation: 'count_distinct',
          field: 'counterparty_entity_id',
          filter: { flow: 'INBOUND' },
          window_minutes: 10080,
        },
      ],
      condition: all(leaf('senders_7d', '>=', 5)),
    }),
  },
  {
    key: 'fanOut',
    title: () => 'Fan-out: funds to many recipients',
    description: 'Money sent to five or more different customers within 7 days.',
    status: 'ACTIVE_SHADOW',
    queue: 'fraudOps',
    spec: () => ({
      event_type: 'TRANSACTION',
      score: 65,
      sar_categories: [805, 807],
      variables: [
        {
          name: 'recipients_7d',
          label: 'Different recipients in 7 days',
          aggregation: 'count_distinct',
          field: 'counterparty_entity_id',
          filter: { flow: 'OUTBOUND' },
          window_minutes: 10080,
        },
      ],
      condition: all(leaf('recipients_7d', '>=', 5)),
    }),
  },
];

/** The specs of the seeded rules for an organisation (its key and data settings by key path). */
export function seededRuleSpecs(org: Pick<OrgContext, 'key'> & { settings: Map<string, { id: number }> }): Record<string, unknown>[] {
  return [...RULES, ...TYPOLOGY_RULES].map((def) => def.spec(org as OrgContext));
}

export async function seedRules(ctx: SeedContext, org: OrgContext): Promise<void> {
  await insertRules(ctx, org, RULES, true);
}

/** The shadow typologies, after both organisations' first rules. */
export async function seedTypologyRules(ctx: SeedContext, org: OrgContext): Promise<void> {
  await insertRules(ctx, org, TYPOLOGY_RULES, false);
}

async function insertRules(ctx: SeedContext, org: OrgContext, defs: ReadonlyArray<Omit<RuleDef, 'key'> & { key: string }>, listed: boolean): Promise<void> {
  const rows: Row[] = [];
  defs.forEach((def, i) => {
    const id = ctx.ids.take('rules');
    const title = def.title(org);
    // the first rules are the ones the demo's investigations name
    if (listed) org.rules[def.key as RuleKey] = { id, title, status: def.status };
    const created = SEED_START - (200 - i * 15) * DAY;
    const updated = def.status === 'ARCHIVED' ? SEED_START + 60 * DAY : def.status === 'DRAFT' ? SEED_NOW - 20 * DAY : created + 30 * DAY;
    rows.push({
      id,
      org_id: org.id,
      title,
      description: def.description,
      status: def.status,
      spec: def.spec(org),
      queue_id: def.queue ? (org.queues[def.queue] ?? null) : null,
      created_by_id: org.managerId,
      created_at: iso(created),
      updated_at: iso(updated),
    });
  });
  await ctx.w.insert('rules', rows);
  await ctx.w.insert(
    'rule_versions',
    rows.map((r) => ({ org_id: r.org_id, rule_id: r.id, version: 1, spec: r.spec, created_by_id: r.created_by_id, created_at: r.created_at })),
  );
}
