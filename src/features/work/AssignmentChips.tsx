// The assignee and queue chips with their pickers (spec part 2, section 2 "Alert panel"; section 4
// "Alert assignee and queue"), for alerts and cases. The rules live in src/lib/work-rules.ts; the
// server refuses the same moves.
import { UNASSIGNED_AGENT_ID, useAgentsQuery } from '../../api/agents/queries';
import { useQueuesQuery } from '../../api/queues/queries';
import { useAgent } from '../../app/auth/auth-context';
import { useToast } from '../../app/toasts/toast-context';
import { hasPermission } from '../../lib/permissions';
import { assignmentMessages, assignmentVisible, canChangeAssignment, type WorkObjectType, type WorkStatus } from '../../lib/work-rules';
import { Icon } from '../../ui/icons';
import { initials } from './initials';
import { PickerChip, type PickerOption } from './PickerChip';
import { useAssignmentMutation } from '../../api/work/mutations';
import * as s from './work.styles';

export interface AssignableObject {
  type: WorkObjectType;
  id: number;
  status: WorkStatus;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue_title: string | null;
}

/** What the chips need of an alert or a case as the server answers it. */
export function assignable(
  type: WorkObjectType,
  item: Pick<AssignableObject, 'id' | 'status' | 'assigned_to_id' | 'assigned_to_name' | 'queue_id'> & { queue?: { title: string } | null },
): AssignableObject {
  const { id, status, assigned_to_id, assigned_to_name, queue_id } = item;
  return { type, id, status, assigned_to_id, assigned_to_name, queue_id, queue_title: item.queue?.title ?? null };
}

export const UNASSIGNED_LABEL = 'Unassigned';

/** Assigns the object to an agent (or -1, nobody), with the spec's toasts. */
export function useAssign(object: Pick<AssignableObject, 'type' | 'id'>) {
  const mutation = useAssignmentMutation(object.type);
  const toast = useToast();
  const messages = assignmentMessages(object.type);
  return {
    busy: mutation.isPending,
    assign: (agentId: number) =>
      mutation.mutate(
        { ids: [object.id], change: { kind: 'assign', agentId } },
        {
          onSuccess: () => toast.show({ message: messages.reassigned, type: 'Success' }),
          onError: () => toast.show({ message: messages.reassignFailed, type: 'Error' }),
        },
      ),
    moveToQueue: (queueId: number) =>
      mutation.mutate(
        { ids: [object.id], change: { kind: 'queue', queueId } },
        {
          onSuccess: () => toast.show({ message: messages.queueChanged, type: 'Success' }),
          onError: () => toast.show({ message: messages.queueFailed, type: 'Error' }),
        },
      ),
  };
}

export function AssigneeChip({ object }: { object: AssignableObject }) {
  const agent = useAgent();
  const editable = canChangeAssignment(agent, object.type, object.status);
  const agents = useAgentsQuery({ enabled: editable });
  const { assign, busy } = useAssign(object);
  if (!assignmentVisible(object.type, object.status)) return null;

  const name = object.assigned_to_name ?? UNASSIGNED_LABEL;
  const options: PickerOption[] = [
    { value: UNASSIGNED_AGENT_ID, label: UNASSIGNED_LABEL, icon: <Icon name="user" size={16} /> },
    ...(agents.data ?? []).map((a) => ({
      value: a.id,
      label: a.id === agent.id ? `${a.full_name} (you)` : a.full_name,
      detail: a.email,
      icon: (
        <span className={s.avatar} aria-hidden="true">
          {initials(a.full_name)}
        </span>
      ),
    })),
  ];
  return (
    <PickerChip
      name="Assignee"
      editable={editable}
      options={options}
      selected={object.assigned_to_id ?? UNASSIGNED_AGENT_ID}
      loading={agents.isPending}
      busy={busy}
      placeholder="Search agents"
      onPick={assign}
    >
      {object.assigned_to_id ? (
        <span className={s.avatar} aria-hidden="true">
          {initials(object.assigned_to_name)}
        </span>
      ) : (
        <Icon name="user" size={16} />
      )}
      <span className={object.assigned_to_id ? s.chipText : `${s.chipText} ${s.chipMuted}`}>{name}</span>
    </PickerChip>
  );
}

export function QueueChip({ object }: { object: AssignableObject }) {
  const agent = useAgent();
  const editable = canChangeAssignment(agent, object.type, object.status);
  const queues = useQueuesQuery({ enabled: editable });
  const { moveToQueue, busy } = useAssign(object);
  if (!assignmentVisible(object.type, object.status)) return null;

  const title = object.queue_title ?? (object.queue_id ? `Queue ${object.queue_id}` : 'No queue');
  // A restricted queue the agent is not a member of would hide the object from them: not offered.
  const options: PickerOption[] = (queues.data ?? [])
    .filter((q) => q.access_type === 'open' || q.is_member || q.id === object.queue_id || hasPermission(agent, 'root_all'))
    .map((q) => ({ value: q.id, label: q.access_type === 'restricted' ? `${q.title} (restricted)` : q.title, icon: <Icon name="queue" size={16} /> }));
  return (
    <PickerChip
      name="Queue"
      editable={editable}
      options={options}
      selected={object.queue_id}
      loading={queues.isPending}
      busy={busy}
      placeholder="Search queues"
      onPick={moveToQueue}
    >
      <Icon name="queue" size={16} />
      <span className={object.queue_id ? s.chipText : `${s.chipText} ${s.chipMuted}`}>{title}</span>
    </PickerChip>
  );
}
