// The choices the alert list's filters and bulk actions offer: queues the agent can work, the
// organisation's agents ("Unassigned" first), rules that raise alerts, tags.
import { useMemo } from 'react';
import { UNASSIGNED_AGENT_ID, useAgentsQuery } from '../../../api/agents/queries';
import { useQueuesQuery, type Queue } from '../../../api/queues/queries';
import { useTagsQuery } from '../../../api/tags/queries';
import { hasPermission, type CurrentAgent } from '../../../lib/permissions';
import { useAlertRulesQuery } from '../../../api/alerts/queries';
import type { MenuOption } from './OptionsMenu';

/** The choices of one menu, with whether they are still loading or failed to load. */
export interface OptionSource {
  options: MenuOption[];
  loading: boolean;
  failed: boolean;
}

export interface FilterOptions {
  queues: OptionSource;
  /** "Unassigned" (-1) and the agents; the signed-in agent is marked "you". */
  assignees: OptionSource;
  rules: OptionSource;
  tags: OptionSource;
}

export const UNASSIGNED_LABEL = 'Unassigned';

/** A restricted queue is offered only to its members (and root_all): its alerts are hidden from others. */
export function workableQueues(queues: readonly Queue[], agent: Pick<CurrentAgent, 'permissions'>): Queue[] {
  const all = hasPermission(agent, 'root_all');
  return queues.filter((q) => q.access_type === 'open' || q.is_member || all);
}

export function useAlertListOptions(agent: CurrentAgent): FilterOptions {
  const mayListAgents = hasPermission(agent, 'read_agents') || hasPermission(agent, 'read_assignments');
  const queues = useQueuesQuery();
  const agents = useAgentsQuery({ enabled: mayListAgents });
  const rules = useAlertRulesQuery();
  const tags = useTagsQuery();

  return useMemo(() => {
    const queueOptions = workableQueues(queues.data ?? [], agent).map((q) => ({
      value: q.id,
      label: q.title,
      hint: q.open_alerts === null ? undefined : `${q.open_alerts} open`,
    }));
    const people = (agents.data ?? []).map((a) => ({ value: a.id, label: a.full_name, hint: a.id === agent.id ? 'you' : undefined }));
    return {
      queues: { options: queueOptions, loading: queues.isPending, failed: queues.isError },
      assignees: {
        options: [{ value: UNASSIGNED_AGENT_ID, label: UNASSIGNED_LABEL }, ...people],
        loading: mayListAgents && agents.isPending,
        failed: agents.isError,
      },
      rules: { options: (rules.data ?? []).map((r) => ({ value: r.id, label: r.title })), loading: rules.isPending, failed: rules.isError },
      tags: { options: (tags.data ?? []).map((t) => ({ value: t.id, label: t.title, swatch: t.color })), loading: tags.isPending, failed: tags.isError },
    };
  }, [
    queues.data,
    queues.isPending,
    queues.isError,
    agents.data,
    agents.isPending,
    agents.isError,
    rules.data,
    rules.isPending,
    rules.isError,
    tags.data,
    tags.isPending,
    tags.isError,
    agent,
    mayListAgents,
  ]);
}
