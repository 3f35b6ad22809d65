import type { BulkWriter, IdAllocator } from './writer.js';
import type { OrgVolumes, ScaleConfig } from './scale.js';
import type { City } from './words.js';
import { scalarText } from '../../core/scalar-text.js';

/** What the generators share while they build one seed. */
export interface SeedContext {
  w: BulkWriter;
  ids: IdAllocator;
  scale: ScaleConfig;
  /** the server's field key: values of ENCRYPTED settings are written encrypted with it */
  fieldKey?: Buffer;
}

export interface AgentInfo {
  id: number;
  email: string;
  full_name: string;
  /** whether the agent does case work (gets assignments) */
  worker: boolean;
  /** a login account named in the docs (notifications, layouts...) */
  demoLogin: boolean;
}

export interface SettingInfo {
  id: number;
  key_path: string;
  data_type: string;
  configured_flow: string | null;
  /** set for ENCRYPTED settings when the seed has a field key: the value as stored at rest */
  encrypt?: (plain: string) => string;
}

export interface EntityInfo {
  idx: number;
  id: number;
  external_id: string;
  name: string;
  type: 'user' | 'business';
  status: string;
  city: City;
  cityIndex: number;
  registeredAt: number;
  accountId: number;
  cardIds: number[];
  deviceId: number | null;
  deviceFingerprint: string;
  walletIds: number[];
  bankAccountIds: number[];
  homeIp: string;
  kycLevel: string;
  isPep: boolean;
  role: 'normal' | 'structuring' | 'mule' | 'shared_device';
}

export interface InstrumentInfo {
  id: number;
  external_id: string;
  type: string;
  entityIdx: number | null;
}

/** A transaction kept in memory because an alert, a case or a document refers to it. */
export interface TxnRef {
  id: number;
  external_id: string;
  time: number;
  amount: number;
  type: string;
  entityIdx: number;
  instrumentId: number | null;
  counterpartyIdx?: number | null;
  counterpartyInstrumentId?: number | null;
  country?: string;
}

export interface ActionEventRef {
  id: number;
  time: number;
  entityIdx: number;
  instrumentId: number | null;
  type: string;
}

export interface OrgContext {
  key: 'demo' | 'north';
  id: number;
  name: string;
  currency: string;
  cities: readonly City[];
  volumes: OrgVolumes;
  /** prefix of external ids in this organisation */
  prefix: string;
  agents: AgentInfo[];
  byEmail: Map<string, AgentInfo>;
  workers: number[];
  managerId: number;
  adminId: number;
  queues: Record<string, number>;
  teams: Record<string, number>;
  tags: Record<string, number>;
  settings: Map<string, SettingInfo>;
  entities: EntityInfo[];
  instruments: InstrumentInfo[];
  sharedDevice: { instrumentId: number; fingerprint: string; ip: string } | null;
  /** how active each entity is (index-aligned with entities), for picking who transacts */
  activity: Float64Array;
  rules: Record<string, { id: number; title: string; status: string }>;
}

export function setting(org: OrgContext, keyPath: string): SettingInfo {
  const s = org.settings.get(keyPath);
  if (!s) throw new Error(`seed: no data setting ${keyPath} in ${org.name}`);
  return s;
}

/** formatted_data entry for a custom field, keyed by data setting id. */
export function fd(org: OrgContext, target: Record<string, unknown>, keyPath: string, value: unknown): void {
  const s = org.settings.get(keyPath);
  if (!s || value === undefined || value === null) return;
  const stored = s.encrypt ? s.encrypt(scalarText(value)) : value;
  target[s.id] = s.configured_flow ? { formatted_value: stored, flow: s.configured_flow } : { formatted_value: stored };
}
