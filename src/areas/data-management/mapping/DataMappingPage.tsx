// /data-management/data-mapping: two tabs, "Data settings" (what the customer's fields are) and
// "Stream mapping" (which CSV column feeds which field). The tab is in the address (?tab=), so a
// link opens the same tab and Back steps between them; other parameters (?panel=) are kept.
import { AddressTabs, useAddressTab } from '../../../ui/AddressTabs';
import { DataSettingsTab } from '../data-settings/DataSettingsTab';
import { StreamMappingTab } from '../stream-mapping/StreamMappingTab';
import { ListPage } from '../../../ui/ListPage';

export const MAPPING_TABS = ['data-settings', 'stream-mapping'] as const;
export type MappingTab = (typeof MAPPING_TABS)[number];
const LABELS: Record<MappingTab, string> = { 'data-settings': 'Data settings', 'stream-mapping': 'Stream mapping' };

export function DataMappingPage() {
  const tab = useAddressTab(MAPPING_TABS);
  return (
    <AddressTabs
      tabs={MAPPING_TABS}
      labels={LABELS}
      label="Data mapping"
      idPrefix="mapping-tab"
      panelId="mapping-panel"
      // The tabs sit beside the title, the panel fills the page below.
      layout={(tabList, panel) => (
        <ListPage title="Data mapping" lead={tabList}>
          {panel}
        </ListPage>
      )}
    >
      {tab === 'data-settings' ? <DataSettingsTab /> : <StreamMappingTab />}
    </AddressTabs>
  );
}
