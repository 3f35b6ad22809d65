import type { RuleKey } from './rules.js';
import type { TxnRef } from './context.js';

/** Alerts and cases as drafted in memory before they are written. */

export interface HitDraft {
  ruleKey: RuleKey;
  /** the rule version that judged it (the seeded rules are at version 1) */
  ruleVersion?: number;
  /** the alert_hits id, given when it is written */
  id?: number;
  created: number;
  windowEnd: number;
  snapshots: Record<string, number | string>;
  txns: number;
  actionEvents: number;
  entities: number;
  instruments: number;
}

export interface AlertDraft {
  id: number;
  title: string;
  /** none for the engine's alerts, as the engine writes none */
  description: string | null;
  status: string;
  alertType: 'TRANSACTION_MONITORING' | 'ACTION_EVENT_MONITORING' | 'MANUAL';
  source: 'INTERNAL' | 'EXTERNAL';
  queueKey: string | null;
  assignee: number | null;
  created: number;
  ruleKeys: RuleKey[];
  hits: HitDraft[];
  txns: TxnRef[];
  entityIdxs: number[];
  instrumentIds: number[];
  actionEventIds: number[];
  risk: number;
  content: Record<string, unknown> | null;
  externalReference: string | null;
  caseId: number | null;
  ruleValidationId: number | null;
  disposition: string | null;
  dispositionNotes: string | null;
  closed: number | null;
  /** the engine's key of the rule and subject (alerts.detection_key), for the alerts it raised */
  detectionKey?: string | null;
  /** tag titles put on the alert when it was raised (the bulk alerts of the large scale) */
  tags?: string[];
}

export interface CaseDraft {
  id: number;
  title: string;
  /** none for the engine's alerts, as the engine writes none */
  description: string | null;
  status: string;
  queueKey: string;
  assignee: number | null;
  createdBy: number;
  created: number;
  alertIds: number[];
  entityIdxs: number[];
  disposition: string | null;
  closed: number | null;
}

export interface Investigations {
  alerts: AlertDraft[];
  cases: CaseDraft[];
}
