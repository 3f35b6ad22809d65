/** What the engine knows about one entity when it scores it (read in batches by facts.ts). */
export interface EntityFacts {
  id: number;
  external_id: string;
  /** entity columns a filter or metric may name (entity_type, status, internal_status, org_type, ...) */
  columns: Record<string, string | null>;
  /** epoch ms; null when the record does not say */
  registered_at: number | null;
  created_at: number | null;
  /** formatted_value of each data setting the model reads, by setting id */
  settings: Record<number, string | number | boolean | null>;
  sar_count: number;
  alert_count: number;
  case_count: number;
  /** alerts raised by a rule set, keyed by ruleSetKey(rule ids) */
  rule_alert_counts: Record<string, number>;
}

export interface ScoringContext {
  /** the clock for ages ("now"); counts were read relative to it too */
  now: number;
  /** the organisation's address setting, read by address metrics that name none */
  address_setting_id: number | null;
}

/** The key of a rule_risk parameter's rule list: sorted ids joined, '' for every rule. */
export function ruleSetKey(ruleIds: readonly number[]): string {
  return [...ruleIds].sort((a, b) => a - b).join(',');
}

export function ruleIdsOf(args: Record<string, unknown>): number[] {
  const raw = Array.isArray(args.rule_ids) ? args.rule_ids : [];
  return raw.map(Number).filter((n) => Number.isInteger(n));
}
