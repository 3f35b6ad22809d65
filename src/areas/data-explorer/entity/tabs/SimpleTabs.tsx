// Tabs that read the entity itself: rule silencing (its whitelists) and consortium hits (no
// consortium data is shared with Vigil, so there is never anything to display).
import { compactTime } from '../../../../lib/time';
import type { Entity } from '../../../../api/entities/queries';
import { NOTHING_TO_DISPLAY } from '../entity.constants';
import * as s from '../entity.styles';
import { TabEmpty } from '../parts';
import { RowTable } from '../../../../ui/RowTable';

export function RuleSilencingTab({ entity }: { entity: Entity }) {
  if (entity.whitelists.length === 0) return <TabEmpty>{NOTHING_TO_DISPLAY}</TabEmpty>;
  return (
    <div className={s.tableScroll}>
      <RowTable className={s.table} aria-label="Silenced rules">
        <thead>
          <tr>
            <th className={s.th} scope="col">
              Rule
            </th>
            <th className={s.th} scope="col">
              Silenced since
            </th>
            <th className={s.th} scope="col">
              Until
            </th>
          </tr>
        </thead>
        <tbody>
          {entity.whitelists.map((w) => (
            <tr key={w.id} className={s.tr}>
              <td className={s.td}>{w.rule_title}</td>
              <td className={s.td}>{compactTime(w.created_at)}</td>
              <td className={s.td}>{w.expires_at ? compactTime(w.expires_at) : 'Indefinitely'}</td>
            </tr>
          ))}
        </tbody>
      </RowTable>
    </div>
  );
}

export function ConsortiumHitsTab() {
  return <TabEmpty>{NOTHING_TO_DISPLAY}</TabEmpty>;
}
