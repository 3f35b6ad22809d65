// Small pure helpers of the people screens.
import { compactTime, longTime } from '../../lib/time';
import type { ManagedAgent } from '../../api/people/queries';

/** "Avery Analyst" → "AA": the picture stand-in. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

export type AgentStatusLabel = 'Active' | 'Inactive' | 'Invited';

export function statusLabel(agent: Pick<ManagedAgent, 'status' | 'invited'>): AgentStatusLabel {
  if (agent.status === 'inactive') return 'Inactive';
  return agent.invited ? 'Invited' : 'Active';
}

export const STATUS_TONE: Record<AgentStatusLabel, 'success' | 'neutral' | 'warning'> = { Active: 'success', Inactive: 'neutral', Invited: 'warning' };

/** When the agent was last active: compact in the agents table, long on the profile; "Never" when not yet. */
export function lastActivity(iso: string | null, style: 'compact' | 'long'): string {
  if (!iso) return 'Never';
  return style === 'compact' ? compactTime(iso) : longTime(iso);
}

/** Search over name, email and team names, case-insensitive. */
export function filterAgents(agents: readonly ManagedAgent[], phrase: string): ManagedAgent[] {
  const needle = phrase.trim().toLocaleLowerCase();
  if (!needle) return [...agents];
  return agents.filter((a) => [a.full_name, a.email, ...a.teams.map((t) => t.name)].some((v) => v.toLocaleLowerCase().includes(needle)));
}

/** A loose check before the server's: something@something.something. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
