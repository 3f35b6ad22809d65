// The alert page's tabs. Selecting a tab changes the URL (the suffix routes, or ?tab=), so the back
// button and a shared link land on the same tab.
import { Tabs } from '@ark-ui/react/tabs';
import type { Alert } from '../../../api/alerts/queries';
import type { AlertTab, AlertTabId } from './alert-tabs';
import * as s from './alert-detail.styles';
import { ActionEventsTab } from './tabs/ActionEventsTab';
import { AlertUpdatesTab } from './tabs/AlertUpdatesTab';
import { EntitiesTab } from './tabs/EntitiesTab';
import { InstrumentsTab } from './tabs/InstrumentsTab';
import { AlertScoreTab, ConsortiumTab, CustomDataTab } from './tabs/SimpleTabs';
import { TransactionsTab } from './tabs/TransactionsTab';
import * as w from '../../../features/work/work.styles';

function TabContent({ tab, alert }: { tab: AlertTabId; alert: Alert }) {
  switch (tab) {
    case 'entities':
      return <EntitiesTab alertId={alert.id} />;
    case 'transactions':
      return <TransactionsTab alertId={alert.id} />;
    case 'action-events':
      return <ActionEventsTab alertId={alert.id} />;
    case 'instruments':
      return <InstrumentsTab alertId={alert.id} />;
    case 'custom-data':
      return <CustomDataTab alert={alert} />;
    case 'alert-score':
      return <AlertScoreTab alert={alert} />;
    case 'alert-updates':
      return <AlertUpdatesTab alertId={alert.id} />;
    case 'consortium-hits':
      return <ConsortiumTab />;
  }
}

interface Props {
  alert: Alert;
  tabs: readonly AlertTab[];
  selected: AlertTabId;
  onSelect: (tab: AlertTabId) => void;
}

export function AlertTabs({ alert, tabs, selected, onSelect }: Props) {
  return (
    <section className={w.section} aria-label="Alert details">
      <Tabs.Root value={selected} onValueChange={(e) => onSelect(e.value as AlertTabId)} lazyMount unmountOnExit activationMode="manual">
        <Tabs.List className={s.tabList}>
          {tabs.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id} className={s.tab}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.id} value={t.id} className={s.tabPanel}>
            <TabContent tab={t.id} alert={alert} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
