import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/sql.js';
import { contractTxnType } from './load.js';

/** The score explanation of a transaction (getShapValues): what each of its features added to its risk score. */

type S = components['schemas'];

const TYPE_WEIGHT: Record<S['InternalTxnType'], number> = { WIRE: 7, CASH: 6, CHECK: 4, P2P: 3, ACH: -1, CARD: -3, INTERNAL_TRANSFER: -5 };
const TYPE_LABEL: Record<S['InternalTxnType'], string> = {
  WIRE: 'wire',
  CASH: 'cash',
  CHECK: 'check',
  P2P: 'peer-to-peer',
  ACH: 'ACH',
  CARD: 'card',
  INTERNAL_TRANSFER: 'internal transfer',
};
const round = (v: number) => Math.round(v * 100) / 100;
const shap = (value: number, pretty_name: string): S['ShapValue'] => ({ value: round(value), pretty_name, increase_risk: value > 0 });

interface ShapInput {
  id: number;
  amount: number;
  internal_txn_type: string;
  hour: number;
  risk_score: number | null;
  typical: number | null;
  prior_with_counterparty: number | null;
}

/**
 * Contributions (in score points) of the transaction's own features: amount against the sender's
 * median amount, hour of day (UTC; nights raise risk), whether the counterparty is new to the
 * sender, and the transaction type. Deterministic: the same event always gets the same values.
 * null when the transaction is not in the organisation.
 */
export async function shapValues(db: Db, orgId: number, id: number): Promise<Record<string, S['ShapValue']> | null> {
  const row = await firstRow<ShapInput>(
    db,
    sql`select t.id, t.amount::float8 as amount, t.internal_txn_type, extract(hour from t.event_time at time zone 'UTC')::int as hour,
      t.risk_score::float8 as risk_score,
      case when t.sender_entity_id is not null then (select percentile_cont(0.5) within group (order by s.amount)::float8
        from transactions s where s.org_id = t.org_id and s.sender_entity_id = t.sender_entity_id) end as typical,
      case when t.sender_entity_id is not null and t.receiver_entity_id is not null then (select count(*)::int from transactions p
        where p.org_id = t.org_id and p.sender_entity_id = t.sender_entity_id and p.receiver_entity_id = t.receiver_entity_id
          and (p.event_time, p.id) < (t.event_time, t.id))
        when t.receiver_instrument_id is not null then (select count(*)::int from transactions p
        where p.org_id = t.org_id and p.sender_instrument_id is not distinct from t.sender_instrument_id
          and p.receiver_instrument_id = t.receiver_instrument_id and p.event_time >= t.event_time - interval '365 days'
          and (p.event_time, p.id) < (t.event_time, t.id)) end as prior_with_counterparty
    from transactions t where t.org_id = ${orgId} and t.id = ${id}`,
  );
  if (!row) return null;
  if (row.risk_score == null) return {};
  const type = contractTxnType(row.internal_txn_type);
  const values: Record<string, S['ShapValue']> = {};
  if (row.typical && row.typical > 0 && row.amount > 0) {
    const ratio = row.amount / row.typical;
    values.amount_vs_typical = shap(Math.max(-15, Math.min(25, 12 * Math.log2(ratio))), `Amount is ${round(ratio)}× the sender's typical amount`);
  }
  values.hour_of_day = shap(8 * Math.cos((2 * Math.PI * (row.hour - 3)) / 24), `Sent at ${String(row.hour).padStart(2, '0')}:00 UTC`);
  if (row.prior_with_counterparty != null) {
    const prior = row.prior_with_counterparty;
    values.new_counterparty =
      prior === 0 ? shap(9, 'First payment to this counterparty') : shap(-Math.min(6, 2 + prior * 0.5), `${prior} earlier payments to this counterparty`);
  }
  values.transaction_type = shap(TYPE_WEIGHT[type], `Transaction type: ${TYPE_LABEL[type]}`);
  return values;
}
