import type { components } from '../../../openapi/schema.js';

/** Tags in the contract's shape: a stored colour name is answered as its hex value. */

type S = components['schemas'];

const TAG_COLORS: Record<string, string> = {
  red: '#D32F2F',
  orange: '#F57C00',
  amber: '#FFA000',
  yellow: '#FBC02D',
  green: '#388E3C',
  teal: '#00796B',
  cyan: '#0097A7',
  blue: '#1976D2',
  indigo: '#303F9F',
  purple: '#7B1FA2',
  pink: '#C2185B',
  gray: '#616161',
  grey: '#616161',
  brown: '#5D4037',
};

export function tag(t: { id: number; title: string; color: string }): S['Tag'] {
  return { id: t.id, title: t.title, color: TAG_COLORS[t.color?.toLowerCase()] ?? t.color };
}
export const tags = (list: unknown): S['Tag'][] => ((list as Array<{ id: number; title: string; color: string }>) ?? []).map(tag);
