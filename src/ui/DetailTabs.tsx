// The tabs of a detail page, in a section of their own under the header. Only the chosen tab's
// content is mounted; the arrow keys move between the tabs and Enter or Space opens one. The caller
// keeps the chosen tab (in the address, so Back and a shared link land on it).
import { Tabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import { detailTabs, section } from './detail.recipes';

const t = detailTabs();
const box = section().root;

interface Props<Id extends string> {
  /** The section's accessible name. */
  label: string;
  tabs: ReadonlyArray<{ id: Id; label: string }>;
  selected: Id;
  onSelect: (tab: Id) => void;
  /** The content of a tab. */
  children: (tab: Id) => ReactNode;
}

export function DetailTabs<Id extends string>({ label, tabs, selected, onSelect, children }: Props<Id>) {
  return (
    <section className={box} aria-label={label}>
      <Tabs.Root value={selected} onValueChange={(e) => onSelect(e.value as Id)} lazyMount unmountOnExit activationMode="manual">
        <Tabs.List className={t.list}>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} className={t.tab}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className={t.panel}>
            {children(tab.id)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
