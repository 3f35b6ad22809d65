// /agents/:id: the agent's profile. Details, teams and the notifications tab; Permissions opens
// the Permission Control panel; Deactivate / Reactivate for holders of edit_agents. Everyone can
// open their own profile (the home redirect ends here).
import { useState } from 'react';
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { ApiError } from '../../../api/errors';
import { longTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { AddressTabs, useAddressTab } from '../../../ui/AddressTabs';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { useAgentStatusMutation } from '../../../api/people/mutations';
import { useManagedAgentQuery, type ManagedAgent } from '../../../api/people/queries';
import { AgentAvatar, AgentStatusChip } from '../AgentBits';
import { lastActivity } from '../people.utils';
import { DeactivateDialog } from './DeactivateDialog';
import { NotificationSettingsTab } from './NotificationSettingsTab';
import * as s from '../people.styles';
import { LoadFailed } from '../../../ui/DetailPage';

const TABS = ['details', 'teams', 'notifications'] as const;
const LABELS = { details: 'Details', teams: 'Teams', notifications: 'Notifications' } as const;

export function AgentProfilePage({ id }: { id: number }) {
  const agent = useManagedAgentQuery(id);
  if (agent.isPending) return <LoadingState label="Loading agent" />;
  if (agent.isError) {
    const missing = agent.error instanceof ApiError && (agent.error.status === 404 || agent.error.status === 403);
    const text = missing ? 'This agent does not exist or you cannot see them.' : 'The agent could not be loaded.';
    return (
      <div className={s.page}>
        <LoadFailed text={text} onRetry={missing ? null : () => void agent.refetch()} className={s.stateBox} />
      </div>
    );
  }
  return <Profile agent={agent.data} />;
}

function Profile({ agent }: { agent: ManagedAgent }) {
  const me = useAgent();
  const panel = usePanel();
  const tab = useAddressTab(TABS);
  const [confirming, setConfirming] = useState(false);
  const reactivate = useAgentStatusMutation(agent.id);
  const self = me.id === agent.id;
  const canManage = hasPermission(me, 'edit_agents') && !self;
  const canSeePermissions = hasPermission(me, 'read_permissions') || hasPermission(me, 'edit_permissions');

  return (
    <div className={s.page}>
      <header className={s.header}>
        <AgentAvatar agent={agent} big />
        <div>
          <h1 className={s.title}>{agent.full_name}</h1>
          <p className={s.subtitle}>{agent.email}</p>
        </div>
        <AgentStatusChip agent={agent} />
        <span className={s.spacer} />
        {canSeePermissions ? (
          <button type="button" className={button({ variant: 'secondary', size: 'sm' })} onClick={() => panel.open('permissions', agent.id)}>
            Permissions
          </button>
        ) : null}
        {canManage && agent.status === 'active' ? (
          <button type="button" className={button({ variant: 'danger', size: 'sm' })} onClick={() => setConfirming(true)}>
            Deactivate
          </button>
        ) : null}
        {canManage && agent.status === 'inactive' ? (
          <button
            type="button"
            className={button({ variant: 'secondary', size: 'sm' })}
            disabled={reactivate.isPending}
            onClick={() => reactivate.mutate('active')}
          >
            Reactivate
          </button>
        ) : null}
      </header>
      {reactivate.isError ? (
        <p role="alert" className={s.muted}>
          {reactivate.error.message}
        </p>
      ) : null}
      <AddressTabs tabs={TABS} labels={LABELS} label="Agent profile" idPrefix="people-tab">
        {tab === 'details' ? (
          <section className={s.card} aria-label="Details">
            <dl className={s.details}>
              <dt>Name</dt>
              <dd>{agent.full_name}</dd>
              <dt>Email</dt>
              <dd>{agent.email}</dd>
              <dt>Status</dt>
              <dd>{agent.status === 'active' ? (agent.invited ? 'Invited, not signed in yet' : 'Active') : 'Inactive'}</dd>
              <dt>Last activity</dt>
              <dd>{lastActivity(agent.last_active_at, 'long')}</dd>
              <dt>Member since</dt>
              <dd>{longTime(agent.created_at)}</dd>
            </dl>
          </section>
        ) : tab === 'teams' ? (
          <section className={s.card} aria-label="Teams">
            {agent.teams.length === 0 ? (
              <p className={s.muted}>Not in any team.</p>
            ) : (
              <ul className={s.list}>
                {agent.teams.map((t) => (
                  <li key={t.id}>
                    {hasPermission(me, 'read_teams') ? (
                      <Link href={`/teams/${t.id}`} className={textLink()}>
                        {t.name}
                      </Link>
                    ) : (
                      t.name
                    )}
                    {t.has_permission_set ? <span className={s.muted}> · its permissions take precedence over the agent’s own</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <NotificationSettingsTab agentId={agent.id} />
        )}
      </AddressTabs>
      {confirming ? <DeactivateDialog agent={agent} onClose={() => setConfirming(false)} /> : null}
    </div>
  );
}
