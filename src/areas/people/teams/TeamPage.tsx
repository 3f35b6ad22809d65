// /teams/:id: the team's description, agents and allowed tags; Permissions opens the Permission
// Control panel for the team's own set; Edit and Delete for those allowed to.
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { ApiError } from '../../../api/errors';
import { hasPermission } from '../../../lib/permissions';
import { useToast } from '../../../app/toasts/toast-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { useDeleteTeamMutation } from '../../../api/teams/mutations';
import { useManagedAgentsQuery } from '../../../api/people/queries';
import { useTeamQuery } from '../../../api/teams/queries';
import { TeamDialog } from './TeamDialog';
import * as s from '../people.styles';
import { LoadFailed } from '../../../ui/DetailPage';

export function TeamPage({ id }: { id: number }) {
  const me = useAgent();
  const panel = usePanel();
  const team = useTeamQuery(id);
  const agents = useManagedAgentsQuery(hasPermission(me, 'read_agents'));
  const remove = useDeleteTeamMutation(id);
  const toast = useToast();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  if (team.isPending) return <LoadingState label="Loading team" />;
  if (team.isError) {
    const missing = team.error instanceof ApiError && team.error.status === 404;
    const text = missing ? 'This team does not exist.' : 'The team could not be loaded.';
    return (
      <div className={s.page}>
        <LoadFailed text={text} onRetry={missing ? null : () => void team.refetch()} className={s.stateBox} />
      </div>
    );
  }
  const t = team.data;
  const byId = new Map((agents.data ?? []).map((a) => [a.id, a] as const));
  const canSeePermissions = hasPermission(me, 'read_permissions') || hasPermission(me, 'edit_permissions');
  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.show({ message: `Team ${t.name} deleted.`, type: 'Success' });
        navigate('/user-management?tab=teams');
      },
    });
  return (
    <div className={s.page}>
      <header className={s.header}>
        <div>
          <h1 className={s.title}>{t.name}</h1>
          <p className={s.subtitle}>{t.description ?? 'No description.'}</p>
        </div>
        <span className={s.spacer} />
        {canSeePermissions ? (
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => panel.open('permissions', `team:${t.id}`)}>
            Permissions
          </button>
        ) : null}
        {hasPermission(me, 'edit_teams') ? (
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => setDialog('edit')}>
            Edit
          </button>
        ) : null}
        {hasPermission(me, 'delete_teams') ? (
          <button type="button" className={button({ variant: 'danger', size: 'sm' })} onClick={() => setDialog('delete')}>
            Delete
          </button>
        ) : null}
      </header>
      {dialog === 'edit' ? <TeamDialog team={t} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={`Delete team ${t.name}?`}
          text="Its agents keep their accounts and their own permissions. The permissions given to the team and its access to censored data go with it."
          action="Delete team"
          tone="danger"
          busy={remove.isPending}
          error={remove.isError ? remove.error.message : null}
          onConfirm={confirmDelete}
          onClose={() => {
            remove.reset();
            setDialog(null);
          }}
        />
      ) : null}
      {t.has_permission_set ? (
        <p className={s.subtitle} role="note">
          This team has its own permissions: its agents work with them instead of their own.
        </p>
      ) : null}
      <section className={s.card} aria-labelledby="team-agents">
        <h2 id="team-agents" className={s.sectionTitle}>
          Agents ({t.agent_ids.length})
        </h2>
        {t.agent_ids.length === 0 ? (
          <p className={s.muted}>No agents yet.</p>
        ) : (
          <ul className={s.list}>
            {t.agent_ids.map((agentId) => {
              const a = byId.get(agentId);
              return (
                <li key={agentId}>
                  <Link href={`/agents/${agentId}`} className={textLink()}>
                    {a?.full_name ?? `Agent ${agentId}`}
                  </Link>
                  {a ? <span className={s.muted}> · {a.email}</span> : null}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className={s.card} aria-labelledby="team-tags">
        <h2 id="team-tags" className={s.sectionTitle}>
          Allowed tags
        </h2>
        <p className={t.allowed_tags.length ? undefined : s.muted}>{t.allowed_tags.length ? t.allowed_tags.join(', ') : 'Any tag.'}</p>
      </section>
    </div>
  );
}
