// The alert page's tabs. Selecting a tab changes the URL (the suffix routes, or ?tab=), so the back
// button and a shared link land on the same tab.
import type { Alert } from '../../../api/alerts/queries';
import type { AlertTab, AlertTabId } from './alert-tabs';
import { AlertUpdatesTab } from './tabs/AlertUpdatesTab';
import { ActionEventsTab, EntitiesTab, InstrumentsTab, TransactionsTab } from './tabs/LinkedTabs';
import { AlertScoreTab, ConsortiumTab, CustomDataTab } from './tabs/SimpleTabs';
import { DetailTabs } from '../../../ui/DetailTabs';

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
    <DetailTabs label="Alert details" tabs={tabs} selected={selected} onSelect={onSelect}>
      {(tab) => <TabContent tab={tab} alert={alert} />}
    </DetailTabs>
  );
}
