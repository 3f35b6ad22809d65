// The rule page's tabs (Ark UI Tabs): the arrow keys move between them and Enter or Space opens
// one; only the chosen tab's content is mounted; the caller keeps the choice in the address.
import { Tabs } from '@ark-ui/react/tabs';
import type { ReactNode } from 'react';
import * as s from '../rules.styles';

interface Props<Id extends string> {
  label: string;
  tabs: ReadonlyArray<{ id: Id; label: string }>;
  selected: Id;
  onSelect: (tab: Id) => void;
  children: (tab: Id) => ReactNode;
}

export function RuleTabs<Id extends string>({ label, tabs, selected, onSelect, children }: Props<Id>) {
  return (
    <section className={s.tabsBox} aria-label={label}>
      <Tabs.Root value={selected} onValueChange={(e) => onSelect(e.value as Id)} lazyMount unmountOnExit activationMode="manual">
        <Tabs.List className={s.tabList}>
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} className={s.tab}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id} className={s.tabPanel}>
            {children(tab.id)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
