// Recently opened objects, kept per agent in localStorage so a shared browser never mixes agents.
// Areas call rememberRecent() when an object page opens; the palette lists them newest first.
import { readStorage, writeStorage } from '../../lib/storage';

export type RecentType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ACTION_EVENT' | 'ALERT' | 'CASE' | 'RULE' | 'TEAM' | (string & {});

export interface RecentObject {
  type: RecentType;
  id: string | number;
  title: string;
  /** In-app path of the object's page. */
  path: string;
}

export const RECENT_LIMIT = 8;

export function recentKey(agentId: number): string {
  return `vigil:recent:${agentId}`;
}

// The palette provider sets the signed-in agent, so areas need not pass it.
let owner: number | null = null;
const listeners = new Set<() => void>();
let cache: { owner: number | null; raw: string | null; list: readonly RecentObject[] } = { owner: null, raw: null, list: [] };

export function setRecentOwner(agentId: number | null): void {
  owner = agentId;
  listeners.forEach((l) => l());
}

function isRecent(value: unknown): value is RecentObject {
  const v = value as RecentObject;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.type === 'string' &&
    (typeof v.id === 'string' || typeof v.id === 'number') &&
    typeof v.title === 'string' &&
    typeof v.path === 'string' &&
    v.path.startsWith('/') &&
    !v.path.startsWith('//')
  );
}

/** The agent's recent objects, newest first (a stable array while nothing changed). */
export function readRecent(agentId: number | null = owner): readonly RecentObject[] {
  if (agentId === null) return [];
  const raw = readStorage('local', recentKey(agentId));
  if (cache.owner === agentId && cache.raw === raw) return cache.list;
  let list: RecentObject[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    list = Array.isArray(parsed) ? parsed.filter(isRecent).slice(0, RECENT_LIMIT) : [];
  } catch {
    list = [];
  }
  cache = { owner: agentId, raw, list };
  return list;
}

/** Puts the object first (once) in the signed-in agent's recent list. */
export function rememberRecent(item: RecentObject, agentId: number | null = owner): void {
  if (agentId === null) return;
  const rest = readRecent(agentId).filter((r) => !(r.type === item.type && String(r.id) === String(item.id)));
  writeStorage('local', recentKey(agentId), JSON.stringify([item, ...rest].slice(0, RECENT_LIMIT)));
  listeners.forEach((l) => l());
}

export function subscribeRecent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
