// The alert area's query keys. The factory itself lives in src/api/keys.ts because the shell and
// other areas (cases, notifications) invalidate alert lists too; the area reads it from here.
export { alertKeys } from '../../../api/keys';

/** Reference lists the alert list's filters offer (rules that raise alerts, the organisation's tags). */
export const alertFilterKeys = {
  all: ['alert-filters'] as const,
  rules: () => [...alertFilterKeys.all, 'rules'] as const,
  tags: () => [...alertFilterKeys.all, 'tags'] as const,
};
