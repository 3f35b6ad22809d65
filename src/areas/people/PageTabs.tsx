// Tabs kept in the address (?tab=), so a link opens the same tab and Back steps between them; the
// first tab is the default and leaves ?tab= out. Arrow keys move between tabs (WAI-ARIA tabs).
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import * as s from './people.styles';

export function useTab<T extends string>(tabs: readonly T[]): T {
  const wanted = new URLSearchParams(useSearch()).get('tab');
  return (tabs as readonly string[]).includes(wanted ?? '') ? (wanted as T) : tabs[0]!;
}

export function PageTabs<T extends string>({ tabs, labels, label, children }: { tabs: readonly T[]; labels: Record<T, string>; label: string; children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const tab = useTab(tabs);
  const refs = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});
  const choose = (next: T) => {
    const params = new URLSearchParams(search);
    if (next === tabs[0]) params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(`${location}${query ? `?${query}` : ''}`);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = tabs.indexOf(tab);
    const next = tabs[(i + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]!;
    choose(next);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div className={s.tabList} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t}
            ref={(el) => {
              refs.current[t] = el;
            }}
            type="button"
            role="tab"
            id={`people-tab-${t}`}
            aria-selected={tab === t}
            aria-controls="people-tab-panel"
            tabIndex={tab === t ? 0 : -1}
            className={s.tab}
            onClick={() => choose(t)}
          >
            {labels[t]}
          </button>
        ))}
      </div>
      <div className={s.tabPanel} role="tabpanel" id="people-tab-panel" aria-labelledby={`people-tab-${tab}`}>
        {children}
      </div>
    </>
  );
}
