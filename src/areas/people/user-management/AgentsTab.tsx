// The agents of the organisation: status, teams and last activity; invite; open a profile or the
// Permission Control panel.
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { hasPermission } from '../../../lib/permissions';
import { button, textLink } from '../../../ui/recipes';
import { useManagedAgentsQuery } from '../../../api/people/queries';
import { AgentAvatar, AgentStatusChip } from '../AgentBits';
import { filterAgents, lastActivity } from '../people.utils';
import { InviteDialog } from './InviteDialog';
import * as s from '../people.styles';
import { RowTable } from '../../../ui/RowTable';
import { ListError } from '../../../ui/ListPage';

export function AgentsTab() {
  const me = useAgent();
  const panel = usePanel();
  const agents = useManagedAgentsQuery();
  const [phrase, setPhrase] = useState('');
  const [inviting, setInviting] = useState(false);
  const shown = useMemo(() => filterAgents(agents.data ?? [], phrase), [agents.data, phrase]);
  const canInvite = hasPermission(me, 'edit_agents');
  const canSeePermissions = hasPermission(me, 'read_permissions') || hasPermission(me, 'edit_permissions');

  return (
    <>
      <div className={s.toolbar}>
        <input
          type="search"
          className={s.search}
          placeholder="Search name, email or team"
          aria-label="Search agents"
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
        />
        <span className={s.spacer} />
        <span className={s.count} aria-live="polite">
          {agents.data ? `${shown.length} of ${agents.data.length} agents` : ''}
        </span>
        {canInvite ? (
          <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={() => setInviting(true)}>
            Invite agent
          </button>
        ) : null}
      </div>
      <div className={s.tableCard}>
        {agents.isPending ? (
          <p className={s.stateBox} role="status">
            Loading agents…
          </p>
        ) : agents.isError ? (
          <ListError text="The agents could not be loaded." onRetry={() => void agents.refetch()} className={s.stateBox} />
        ) : shown.length === 0 ? (
          <p className={s.stateBox}>No agents match.</p>
        ) : (
          <RowTable pageKeys className={s.table} aria-label="Agents">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Teams</th>
                <th scope="col">Last activity</th>
                {canSeePermissions ? (
                  <th scope="col">
                    <span className={s.muted}>Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {shown.map((a) => (
                <tr key={a.id}>
                  <td>
                    <span className={s.nameCell}>
                      <AgentAvatar agent={a} />
                      <Link href={`/agents/${a.id}`} className={textLink()}>
                        {a.full_name}
                      </Link>
                    </span>
                  </td>
                  <td>{a.email}</td>
                  <td>
                    <AgentStatusChip agent={a} />
                  </td>
                  <td>{a.teams.length ? a.teams.map((t) => t.name).join(', ') : <span className={s.muted}>None</span>}</td>
                  <td>{lastActivity(a.last_active_at, 'compact')}</td>
                  {canSeePermissions ? (
                    <td>
                      <button
                        type="button"
                        className={button({ variant: 'secondary', size: 'sm' })}
                        aria-label={`Permissions of ${a.full_name}`}
                        onClick={() => panel.open('permissions', a.id)}
                      >
                        Permissions
                      </button>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </RowTable>
        )}
      </div>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </>
  );
}
