// /user-management: the organisation's agents (Agents tab) and teams (Teams tab, with read_teams).
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { AddressTabs, useAddressTab } from '../../../ui/AddressTabs';
import { TeamsTab } from '../teams/TeamsTab';
import { AgentsTab } from './AgentsTab';
import * as s from '../people.styles';

const LABELS = { agents: 'Agents', teams: 'Teams' } as const;

export function UserManagementPage() {
  const me = useAgent();
  const tabs = [...(hasPermission(me, 'read_agents') ? (['agents'] as const) : []), ...(hasPermission(me, 'read_teams') ? (['teams'] as const) : [])];
  const tab = useAddressTab(tabs);
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>User management</h1>
      </header>
      <AddressTabs tabs={tabs} labels={LABELS} label="User management" idPrefix="people-tab">
        {tab === 'agents' ? <AgentsTab /> : <TeamsTab />}
      </AddressTabs>
    </div>
  );
}
