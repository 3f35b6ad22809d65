// Alerts and cases are both "work": the widgets and writes they share (assignment, queue moves,
// deadlines, status) name the keys of either through this helper.
import type { WorkObjectType } from '../../lib/work-rules';
import { alertKeys } from '../alerts/keys';
import { caseKeys } from '../cases/keys';

/** The detail and list keys of an alert or a case. */
export function workKeys(type: WorkObjectType) {
  return type === 'ALERT' ? { detail: alertKeys.detail, lists: alertKeys.lists } : { detail: caseKeys.detail, lists: caseKeys.lists };
}
