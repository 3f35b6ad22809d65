// The entity page's tabs; selecting one changes the URL (?tab=), so Back and a shared link land on it.
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { DetailTabs } from '../../../ui/DetailTabs';
import type { Entity, TransactionDirection } from '../../../api/entities/queries';
import type { EntityTab, EntityTabId } from './entity-tabs';
import { ActionEventsTab } from './tabs/ActionEventsTab';
import { DocumentsTab } from './tabs/DocumentsTab';
import { GeolocationTab, NetworkAnalysisTab, RelationshipsTab } from './tabs/NetworkTabs';
import { RiskTab } from './tabs/RiskTab';
import { RuleSilencingTab } from './tabs/RuleSilencingTab';
import { ConsortiumHitsTab } from './tabs/SimpleTabs';
import { TransactionsTab } from './tabs/TransactionsTab';

interface ContentProps {
  tab: EntityTabId;
  entity: Entity;
  direction: TransactionDirection;
  onDirection: (direction: TransactionDirection) => void;
}

function TabContent({ tab, entity, direction, onDirection }: ContentProps) {
  const agent = useAgent();
  switch (tab) {
    case 'transactions':
      return <TransactionsTab entityId={entity.id} entityExternalId={entity.external_id} direction={direction} onDirection={onDirection} />;
    case 'action-events':
      return <ActionEventsTab entityId={entity.id} />;
    case 'risk':
      return <RiskTab entity={entity} />;
    case 'documents':
      return <DocumentsTab entityId={entity.id} />;
    case 'rule-silencing':
      return <RuleSilencingTab entity={entity} />;
    case 'network-analysis':
      return <NetworkAnalysisTab entityId={entity.id} />;
    case 'relationships':
      return <RelationshipsTab entityId={entity.id} instrumentsAllowed={hasPermission(agent, 'read_transaction_instruments')} />;
    case 'geolocation':
      return <GeolocationTab entityId={entity.id} />;
    case 'consortium-hits':
      return <ConsortiumHitsTab />;
  }
}

interface Props extends Omit<ContentProps, 'tab'> {
  tabs: readonly EntityTab[];
  selected: EntityTabId;
  onSelect: (tab: EntityTabId) => void;
}

export function EntityTabs({ tabs, selected, onSelect, ...content }: Props) {
  return (
    <DetailTabs label="Entity activity" tabs={tabs} selected={selected} onSelect={onSelect}>
      {(tab) => <TabContent tab={tab} {...content} />}
    </DetailTabs>
  );
}
