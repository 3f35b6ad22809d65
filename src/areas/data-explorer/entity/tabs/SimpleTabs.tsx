// Tabs that read the entity itself: rule silencing (its whitelists) and consortium hits (no
// consortium data is shared with Vigil, so there is never anything to display).
import { compactTime } from '../../../../lib/time';
import type { Entity } from '../../../../api/entities/queries';
import { NOTHING_TO_DISPLAY } from '../entity.constants';
import { DataTable, TableEmpty, type Column } from '../../../../ui/DataTable';

const COLUMNS: Column<Entity['whitelists'][number]>[] = [
  { header: 'Rule', cell: (w) => w.rule_title },
  { header: 'Silenced since', cell: (w) => compactTime(w.created_at) },
  { header: 'Until', cell: (w) => (w.expires_at ? compactTime(w.expires_at) : 'Indefinitely') },
];

export function RuleSilencingTab({ entity }: { entity: Entity }) {
  if (entity.whitelists.length === 0) return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
  return <DataTable columns={COLUMNS} rows={entity.whitelists} rowKey={(w) => w.id} aria-label="Silenced rules" />;
}

export function ConsortiumHitsTab() {
  return <TableEmpty>{NOTHING_TO_DISPLAY}</TableEmpty>;
}
