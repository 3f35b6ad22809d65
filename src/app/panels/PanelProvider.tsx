import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PanelContext, type OpenPanel, type PanelApi, type PanelPoint } from './panel-context';
import { formatPanelParam, PANEL_PARAM, parsePanelParam, withPanel, type PanelRef } from './panel-url';

export function PanelProvider({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  // Coordinates are not part of the URL: a shared link reopens the panel as a slide-in.
  const [popup, setPopup] = useState<{ key: string; at: PanelPoint } | null>(null);

  const ref = useMemo(() => parsePanelParam(new URLSearchParams(search).get(PANEL_PARAM)), [search]);

  const go = useCallback(
    (next: PanelRef | null) => {
      // Opening and closing replace the history entry: Back leaves the page, not the panel.
      navigate(`${location}${withPanel(search, next)}${window.location.hash}`, { replace: true });
    },
    [location, search, navigate],
  );

  const open = useCallback<PanelApi['open']>(
    (view, id = null, options) => {
      const next: PanelRef = { view, id: id === null ? null : String(id) };
      setPopup(options?.at ? { key: formatPanelParam(next), at: options.at } : null);
      go(next);
    },
    [go],
  );

  const close = useCallback(() => {
    setPopup(null);
    go(null);
  }, [go]);

  const current = useMemo<OpenPanel | null>(() => {
    if (!ref) return null;
    const at = popup && popup.key === formatPanelParam(ref) ? popup.at : null;
    return { ...ref, at };
  }, [ref, popup]);

  const api = useMemo<PanelApi>(() => ({ current, open, close }), [current, open, close]);
  return <PanelContext.Provider value={api}>{children}</PanelContext.Provider>;
}
