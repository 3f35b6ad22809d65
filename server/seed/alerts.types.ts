import type { RuleKey } from './rules.js';
import type { TxnRef } from './context.js';

/** Alerts and cases as drafted in memory before they are written. */

export interface HitDraft {
  ruleKey: RuleKey;
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
  description: string;
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
  /** tag titles put on the alert when it was raised (the bulk alerts of the large scale) */
  tags?: string[];
}

export interface CaseDraft {
  id: number;
  title: string;
  description: string;
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
