// The organisation's teams: members, allowed tags and whether the team carries its own permissions.
import { useState } from 'react';
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { button, textLink } from '../../../ui/recipes';
import { useTeamsQuery } from '../../../api/teams/queries';
import { TeamDialog } from './TeamDialog';
import * as s from '../people.styles';
import { RowTable, TableHead } from '../../../ui/RowTable';
import { TableCard } from '../../../ui/TableCard';

export function TeamsTab() {
  const me = useAgent();
  const teams = useTeamsQuery();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <div className={s.toolbar}>
        <span className={s.count} aria-live="polite">
          {teams.data ? `${teams.data.length} teams` : ''}
        </span>
        <span className={s.spacer} />
        {hasPermission(me, 'create_teams') ? (
          <button type="button" className={button({ variant: 'primary', size: 'sm' })} onClick={() => setCreating(true)}>
            Create team
          </button>
        ) : null}
      </div>
      <TableCard query={teams} loading="Loading teams…" failed="The teams could not be loaded." empty={teams.data?.length === 0 ? 'No teams yet.' : null}>
        {(list) => (
          <RowTable pageKeys className={s.table} aria-label="Teams">
            <TableHead columns={['Name', 'Description', 'Agents', 'Allowed tags', 'Permissions']} />
            <tbody>
              {list.map((t) => (
                <tr key={t.id}>
                  <td>
                    <Link href={`/teams/${t.id}`} className={textLink()}>
                      {t.name}
                    </Link>
                  </td>
                  <td>{t.description ?? <span className={s.muted}>None</span>}</td>
                  <td>{t.agent_ids.length}</td>
                  <td>{t.allowed_tags.length ? t.allowed_tags.join(', ') : <span className={s.muted}>Any</span>}</td>
                  <td>{t.has_permission_set ? 'Own set (takes precedence)' : <span className={s.muted}>Members’ own</span>}</td>
                </tr>
              ))}
            </tbody>
          </RowTable>
        )}
      </TableCard>
      {creating ? <TeamDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
