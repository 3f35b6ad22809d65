import { createContext, useContext } from 'react';
import type { PanelRef } from './panel-url';
import type { PanelViewName } from './panel-views';

export interface PanelPoint {
  x: number;
  y: number;
}

export interface OpenPanel extends PanelRef {
  /** Set when opened with coordinates: the panel is a draggable popup there instead of a slide-in. */
  at: PanelPoint | null;
}

export interface PanelApi {
  current: OpenPanel | null;
  open: (view: PanelViewName, id?: string | number | null, options?: { at?: PanelPoint }) => void;
  close: () => void;
}

export const PanelContext = createContext<PanelApi | null>(null);

export function usePanel(): PanelApi {
  const api = useContext(PanelContext);
  if (!api) throw new Error('usePanel must be used inside <PanelProvider>');
  return api;
}
