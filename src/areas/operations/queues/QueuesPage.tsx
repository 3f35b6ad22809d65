// /queues: the organisation's queues with their access type, counts and members (issue 7,
// acceptance 5). A queue opens its alert list; managers create and edit queues.
import { useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { cx } from '../../../../styled-system/css';
import { useAgentsQuery } from '../../../api/agents/queries';
import { useQueuesQuery, type Queue } from '../../../api/queues/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { formatDeadlineDays } from './queue-form';
import { QueueDialog } from './QueueDialog';
import * as s from './queues.styles';
import { RowTable, TableHead } from '../../../ui/RowTable';

/** The alert list filtered to one queue (the alert list's own parameters). */
export function queueAlertsPath(queueId: number): string {
  return `/alerts?view=queue&queue=${queueId}`;
}

export function queueCasesPath(queueId: number): string {
  return `/cases?queue=${queueId}`;
}

export const HIDDEN_COUNT_TEXT = 'Restricted queue: its work is shown only to its members.';

/** Managers change queues: queues carry the deadline of new work (the server asks the same). */
export function canManageQueues(agent: Parameters<typeof hasPermission>[0]): boolean {
  return hasPermission(agent, 'edit_queues') && hasPermission(agent, 'edit_deadline_config');
}

function Count({ value }: { value: number | null }) {
  if (value === null)
    return (
      <span className={s.hiddenCount} title={HIDDEN_COUNT_TEXT}>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>{HIDDEN_COUNT_TEXT}</VisuallyHidden>
      </span>
    );
  return <span className={cx(s.num, value === 0 && s.zero)}>{value.toLocaleString()}</span>;
}

const QUEUE_COLUMNS = ['Queue', 'Access', 'Open alerts', 'Unassigned', 'Open cases', 'Members', 'Deadline'];
/** Counts, aligned at the end. */
const COUNT_COLUMNS = ['Open alerts', 'Unassigned', 'Open cases'];

export function QueuesPage() {
  const agent = useAgent();
  const [, navigate] = useLocation();
  // A notification about a queue links here with ?queue={id}: that row is marked.
  const highlighted = Number(new URLSearchParams(useSearch()).get('queue')) || null;
  const queues = useQueuesQuery();
  const canSeeAgents = hasPermission(agent, 'read_agents') || hasPermission(agent, 'read_assignments');
  const agents = useAgentsQuery({ includeInactive: true, enabled: canSeeAgents });
  const manage = canManageQueues(agent);
  const canReadAlerts = hasPermission(agent, 'read_alerts');
  const canReadCases = hasPermission(agent, 'read_cases');
  const [editing, setEditing] = useState<{ queue: Queue | null } | null>(null);
  const names = useMemo(() => new Map((agents.data ?? []).map((a) => [a.id, a.full_name])), [agents.data]);

  useRegisterCommands(
    'operations.queues',
    manage ? [{ id: 'queues.new', title: 'New queue', group: 'Queues', keywords: ['create', 'queue'], run: () => setEditing({ queue: null }) }] : [],
    [manage],
  );

  const list = queues.data ?? [];
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Queues</h1>
        <span className={s.count}>{queues.data ? (list.length === 1 ? '1 queue' : `${list.length} queues`) : ''}</span>
        <span className={s.spacer} />
        {manage ? (
          <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={() => setEditing({ queue: null })}>
            New queue
          </button>
        ) : null}
      </header>
      <div className={s.tableWrap}>
        {queues.isPending ? (
          <LoadingState label="Loading queues" />
        ) : queues.isError ? (
          <div className={s.empty} role="alert">
            The queues could not be loaded.{' '}
            <button type="button" className={s.linkButton} onClick={() => void queues.refetch()}>
              Retry
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className={s.empty}>No queues yet.</p>
        ) : (
          <RowTable pageKeys className={s.table}>
            <TableHead columns={QUEUE_COLUMNS} cellClassName={(name) => (COUNT_COLUMNS.includes(name) ? cx(s.th, s.end) : s.th)}>
              {manage ? (
                <th scope="col" className={cx(s.th, s.end)}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </th>
              ) : null}
            </TableHead>
            <tbody>
              {list.map((q) => {
                const hidden = q.open_alerts === null;
                const memberNames = q.member_ids.map((m) => names.get(m) ?? `Agent ${m}`);
                return (
                  <tr
                    key={q.id}
                    className={cx(s.tr, !hidden && canReadAlerts && s.clickable)}
                    aria-current={highlighted === q.id ? 'true' : undefined}
                    onClick={(e) => {
                      if (hidden || !canReadAlerts || (e.target as Element).closest('a, button')) return;
                      navigate(queueAlertsPath(q.id));
                    }}
                  >
                    <td className={s.td}>
                      <div className={s.queueCell}>
                        {!hidden && canReadAlerts ? (
                          <Link href={queueAlertsPath(q.id)} className={s.queueLink}>
                            {q.title}
                          </Link>
                        ) : (
                          <span className={s.queueName}>{q.title}</span>
                        )}
                        {q.description ? <span className={s.description}>{q.description}</span> : null}
                      </div>
                    </td>
                    <td className={s.td}>
                      <span className={s.access} data-access={q.access_type}>
                        {q.access_type === 'restricted' ? 'Restricted' : 'Open'}
                      </span>
                      {q.access_type === 'restricted' && q.is_member ? <span className={s.memberNote}>You are a member</span> : null}
                    </td>
                    <td className={cx(s.td, s.end)}>
                      <Count value={q.open_alerts} />
                    </td>
                    <td className={cx(s.td, s.end)}>
                      <Count value={q.unassigned_alerts} />
                    </td>
                    <td className={cx(s.td, s.end)}>
                      {q.open_cases !== null && q.open_cases > 0 && canReadCases ? (
                        <Link
                          href={queueCasesPath(q.id)}
                          className={s.countLink}
                          aria-label={`${q.open_cases === 1 ? '1 open case' : `${q.open_cases} open cases`} in ${q.title}`}
                        >
                          {q.open_cases.toLocaleString()}
                        </Link>
                      ) : (
                        <Count value={q.open_cases} />
                      )}
                    </td>
                    <td className={s.td}>
                      <span className={s.members} title={memberNames.join(', ') || undefined}>
                        {q.member_ids.length === 0 ? (
                          <span className={s.zero}>None</span>
                        ) : q.member_ids.length === 1 ? (
                          '1 member'
                        ) : (
                          `${q.member_ids.length} members`
                        )}
                      </span>
                    </td>
                    <td className={s.td}>{formatDeadlineDays(q.deadline_seconds)}</td>
                    {manage ? (
                      <td className={cx(s.td, s.end)}>
                        <button
                          type="button"
                          className={button({ variant: 'secondary', size: 'sm' })}
                          aria-label={`Edit queue ${q.title}`}
                          onClick={() => setEditing({ queue: q })}
                        >
                          Edit
                        </button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </RowTable>
        )}
      </div>
      {manage ? <QueueDialog open={editing !== null} queue={editing?.queue ?? null} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}
