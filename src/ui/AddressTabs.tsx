// Tabs kept in the address (?tab=), so a link opens the same tab and Back steps between them. The
// first tab is the default and leaves ?tab= out; other parameters of the address are kept. Arrow
// keys move between tabs and choosing follows focus (WAI-ARIA tabs pattern); the panel is labelled
// by the chosen tab. TabList is the tab list alone, for a page that keeps the chosen tab itself
// (the data explorer, whose tab and filters share one address state).
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import * as s from './AddressTabs.styles';

/** The tab named by ?tab= in a query string, the first tab for none or anything unknown. */
export function tabFromSearch<T extends string>(tabs: readonly T[], search: string): T {
  const wanted = new URLSearchParams(search).get('tab');
  return (tabs as readonly string[]).includes(wanted ?? '') ? (wanted as T) : tabs[0];
}

/** The tab in the address now; pages read it to choose what the panel shows. */
export function useAddressTab<T extends string>(tabs: readonly T[]): T {
  return tabFromSearch(tabs, useSearch());
}

export interface AddressTabsProps<T extends string> {
  tabs: readonly T[];
  labels: Record<T, string>;
  /** The tab list's accessible name. */
  label: string;
  /** Tabs get the ids `${idPrefix}-${tab}`; keep it unique on the page. */
  idPrefix: string;
  /** The panel's id, `${idPrefix}-panel` unless given. */
  panelId?: string;
  /** Where the tab list and the panel go, for a page that puts the list in its header; one after the other unless given. */
  layout?: (tabList: ReactNode, panel: ReactNode) => ReactNode;
  /** The chosen tab's content. */
  children: ReactNode;
}

export interface TabListProps<T extends string> {
  tabs: readonly T[];
  labels: Record<T, string>;
  /** The tab list's accessible name. */
  label: string;
  /** The chosen tab. */
  value: T;
  onChange: (tab: T) => void;
  /** Tabs get the ids `${idPrefix}-${tab}`. */
  idPrefix: string;
  /** The id of the panel the tabs control. */
  panelId: string;
}

/**
 * The tab list alone (segmented control), for a page that keeps the chosen tab itself: arrow keys
 * move between tabs and choosing follows focus; only the chosen tab is in the tab order.
 */
export function TabList<T extends string>({ tabs, labels, label, value, onChange, idPrefix, panelId }: TabListProps<T>) {
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = tabs.indexOf(value);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className={s.tabList} role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t}
          ref={(el) => {
            refs.current[t] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${t}`}
          aria-selected={value === t}
          aria-controls={panelId}
          tabIndex={value === t ? 0 : -1}
          className={s.tab}
          onKeyDown={onKeyDown}
          onClick={() => onChange(t)}
        >
          {labels[t]}
        </button>
      ))}
    </div>
  );
}

export function AddressTabs<T extends string>({ tabs, labels, label, idPrefix, panelId = `${idPrefix}-panel`, layout, children }: AddressTabsProps<T>) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const tab = tabFromSearch(tabs, search);
  const tabId = (t: T) => `${idPrefix}-${t}`;

  const choose = (next: T) => {
    const params = new URLSearchParams(search);
    if (next === tabs[0]) params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(`${location}${query ? `?${query}` : ''}`);
  };
  const tabList = <TabList tabs={tabs} labels={labels} label={label} value={tab} onChange={choose} idPrefix={idPrefix} panelId={panelId} />;
  const panel = (
    <div className={s.tabPanel} role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
      {children}
    </div>
  );
  return layout ? (
    layout(tabList, panel)
  ) : (
    <>
      {tabList}
      {panel}
    </>
  );
}
