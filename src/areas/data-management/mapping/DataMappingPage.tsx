// /data-management/data-mapping: two tabs, "Data settings" (what the customer's fields are) and
// "Stream mapping" (which CSV column feeds which field). The tab is in the address (?tab=), so a
// link opens the same tab and Back steps between them; other parameters (?panel=) are kept.
import { useRef, type KeyboardEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { DataSettingsTab } from '../data-settings/DataSettingsTab';
import { StreamMappingTab } from '../stream-mapping/StreamMappingTab';
import * as s from './DataMappingPage.styles';

export const MAPPING_TABS = ['data-settings', 'stream-mapping'] as const;
export type MappingTab = (typeof MAPPING_TABS)[number];
const LABELS: Record<MappingTab, string> = { 'data-settings': 'Data settings', 'stream-mapping': 'Stream mapping' };

/** The tab named by ?tab=, the data settings by default (and for anything unknown). */
export function tabFromSearch(search: string): MappingTab {
  const tab = new URLSearchParams(search).get('tab');
  return (MAPPING_TABS as readonly string[]).includes(tab ?? '') ? (tab as MappingTab) : 'data-settings';
}

export function DataMappingPage() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const tab = tabFromSearch(search);
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const choose = (next: MappingTab) => {
    const params = new URLSearchParams(search);
    if (next === 'data-settings') params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(`${location}${query ? `?${query}` : ''}`);
  };
  // Arrow keys move between tabs (WAI-ARIA tabs pattern); choosing follows focus.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = MAPPING_TABS.indexOf(tab);
    const next = MAPPING_TABS[(i + (e.key === 'ArrowRight' ? 1 : MAPPING_TABS.length - 1)) % MAPPING_TABS.length]!;
    choose(next);
    refs.current[next]?.focus();
  };

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Data mapping</h1>
        <div className={s.tabList} role="tablist" aria-label="Data mapping" onKeyDown={onKeyDown}>
          {MAPPING_TABS.map((t) => (
            <button
              key={t}
              ref={(el) => {
                refs.current[t] = el;
              }}
              type="button"
              role="tab"
              id={`mapping-tab-${t}`}
              aria-selected={tab === t}
              aria-controls="mapping-panel"
              tabIndex={tab === t ? 0 : -1}
              className={s.tab}
              onClick={() => choose(t)}
            >
              {LABELS[t]}
            </button>
          ))}
        </div>
      </header>
      <div className={s.tabPanel} role="tabpanel" id="mapping-panel" aria-labelledby={`mapping-tab-${tab}`}>
        {tab === 'data-settings' ? <DataSettingsTab /> : <StreamMappingTab />}
      </div>
    </div>
  );
}
