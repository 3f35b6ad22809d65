import type { ActionEventRef, EntityInfo, TxnRef } from './context.js';

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

/** A transaction as the generators describe it, before it has an id. */
export interface TxnSpec {
  time: number;
  type: string;
  amount: number;
  sender: EntityInfo | null;
  senderInstrument: number | null;
  receiver: EntityInfo | null;
  receiverInstrument: number | null;
  status: string;
  channel: string;
  data: Record<string, unknown>;
  ip: string | null;
  device: string | null;
  risk: number;
}

/** The further typologies (typologies.ts): each entry is one occurrence's transactions, in time order. */
export interface TypologyPlants {
  cardTesting: TxnRef[][];
  dormant: TxnRef[][];
  velocity: TxnRef[][];
  roundAmounts: TxnRef[][];
  fanIn: TxnRef[][];
  fanOut: TxnRef[][];
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
  typologies: TypologyPlants;
}
