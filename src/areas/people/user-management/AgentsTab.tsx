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
import { RowTable, TableHead } from '../../../ui/RowTable';
import { SearchField } from '../../../ui/SearchField';
import { TableCard } from '../../../ui/TableCard';

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
        <SearchField className={s.search} placeholder="Search name, email or team" label="Search agents" value={phrase} onChange={setPhrase} />
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
      <TableCard query={agents} loading="Loading agents…" failed="The agents could not be loaded." empty={shown.length === 0 ? 'No agents match.' : null}>
        {() => (
          <RowTable pageKeys className={s.table} aria-label="Agents">
            <TableHead columns={['Name', 'Email', 'Status', 'Teams', 'Last activity']}>
              {canSeePermissions ? (
                <th scope="col">
                  <span className={s.muted}>Actions</span>
                </th>
              ) : null}
            </TableHead>
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
      </TableCard>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </>
  );
}
