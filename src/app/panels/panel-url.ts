// The open panel lives in the URL (?panel=alert:123) so a shared link reopens it.
import { isPanelView, type PanelViewName } from './panel-views';

export const PANEL_PARAM = 'panel';

export interface PanelRef {
  view: PanelViewName;
  id: string | null;
}

export function parsePanelParam(value: string | null): PanelRef | null {
  if (!value) return null;
  const colon = value.indexOf(':');
  const view = colon === -1 ? value : value.slice(0, colon);
  const id = colon === -1 ? null : value.slice(colon + 1);
  if (!isPanelView(view)) return null;
  return { view, id: id === '' ? null : id };
}

export function formatPanelParam(ref: PanelRef): string {
  return ref.id === null ? ref.view : `${ref.view}:${ref.id}`;
}

/** The search string with the panel set (or removed when `ref` is null), other params kept. */
export function withPanel(search: string, ref: PanelRef | null): string {
  const params = new URLSearchParams(search);
  if (ref) params.set(PANEL_PARAM, formatPanelParam(ref));
  else params.delete(PANEL_PARAM);
  const next = params.toString();
  return next ? `?${next}` : '';
}
