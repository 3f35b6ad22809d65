// The alert area's query keys. The factory itself lives in src/api/keys.ts because the shell and
// other areas (cases, notifications) invalidate alert lists too; the area reads it from here.
export { alertKeys } from '../../../api/keys';

/** The rules the alert list's rule filter offers (the tags come from the shared tag list). */
export const alertFilterKeys = {
  all: ['alert-filters'] as const,
  rules: () => [...alertFilterKeys.all, 'rules'] as const,
};
