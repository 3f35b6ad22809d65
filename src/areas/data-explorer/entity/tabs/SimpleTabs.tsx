// The consortium hits tab: no consortium data is shared with Vigil, so there is never anything to
// display. (The rule silencing tab reads the customer's silences: RuleSilencingTab.tsx.)
import { NOTHING_TO_DISPLAY } from '../entity.constants';
import { TableEmpty } from '../../../../ui/DataTable';

export function ConsortiumHitsTab() {
  return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
}
