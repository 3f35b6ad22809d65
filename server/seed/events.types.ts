import type { ActionEventRef, TxnRef } from './context.js';

/** What the transactions and action events generator (events.ts) hands to the later generators. */

export interface StructuringPlant {
  entityIdx: number;
  bursts: TxnRef[][];
}

export interface MulePlant {
  members: number[];
  /** each run: inbound wire, hop, hop, outbound wire */
  runs: TxnRef[][];
}

export interface EventRefs {
  structuring: StructuringPlant[];
  mules: MulePlant[];
  sharedDevice: { entityIdxs: number[]; events: ActionEventRef[] };
  largeCash: TxnRef[];
  highRiskWires: TxnRef[];
  tinyCard: TxnRef[];
  checkDeposits: TxnRef[];
  /** background transactions that get an evaluation log */
  evaluationSample: TxnRef[];
  /** a few background transactions per entity kind, for comments, tags and documents */
  misc: TxnRef[];
  /** background transactions that raise the bulk alerts of the large scale (OrgVolumes.flaggedEvery) */
  flagged: TxnRef[];
  actionEventSample: ActionEventRef[];
}
