// The Permission Control panel's rules as pure functions (spec part 1 section 6): which
// permissions are offered, search, grouping by type, the preset the selection amounts to, and the
// selection a chosen preset gives. Names are the contract's PermissionName.
import { ROOT_ALL } from '../../../../core/permissions';

export type PresetName = 'Agent' | 'Manager' | 'Custom' | 'All';
export const PRESET_NAMES: readonly PresetName[] = ['Agent', 'Manager', 'Custom', 'All'];
/** Custom is what any other selection is called; it is shown, not chosen. */
export type ChoosablePreset = Exclude<PresetName, 'Custom'>;

export const EDIT_PERMISSIONS = 'edit_permissions';

export interface CataloguePermission {
  id: number;
  name: string;
  label: string;
  description: string;
  type: string;
}

export interface Presets {
  agent: readonly string[];
  manager: readonly string[];
}

/** Everything the panel can give: root_all is hidden (it bypasses every check) and never granted here. */
export function grantable<P extends Pick<CataloguePermission, 'name'>>(catalogue: readonly P[]): P[] {
  return catalogue.filter((p) => p.name !== ROOT_ALL);
}

/** The checkboxes: grantable permissions without edit_permissions, which only presets set. */
export function checkboxPermissions<P extends Pick<CataloguePermission, 'name'>>(catalogue: readonly P[]): P[] {
  return grantable(catalogue).filter((p) => p.name !== EDIT_PERMISSIONS);
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) => a.size === new Set(b).size && b.every((n) => a.has(n));

/**
 * The preset the selection amounts to: exactly the Agent set is Agent, exactly the Manager set is
 * Manager, every grantable permission is All, anything else Custom. root_all is left out of the
 * comparison because the panel neither shows nor changes it.
 */
export function derivePreset(selection: Iterable<string>, presets: Presets, catalogue: readonly Pick<CataloguePermission, 'name'>[]): PresetName {
  const chosen = new Set(selection);
  chosen.delete(ROOT_ALL);
  if (sameSet(chosen, presets.agent)) return 'Agent';
  if (sameSet(chosen, presets.manager)) return 'Manager';
  const all = grantable(catalogue).map((p) => p.name);
  if (all.length > 0 && sameSet(chosen, all)) return 'All';
  return 'Custom';
}

/** Choosing a preset replaces the selection with its set (root_all, hidden, stays as it was). */
export function presetSelection(
  preset: ChoosablePreset,
  presets: Presets,
  catalogue: readonly Pick<CataloguePermission, 'name'>[],
  current: Iterable<string>,
): Set<string> {
  const names = preset === 'Agent' ? presets.agent : preset === 'Manager' ? presets.manager : grantable(catalogue).map((p) => p.name);
  const next = new Set(names);
  if (new Set(current).has(ROOT_ALL)) next.add(ROOT_ALL);
  return next;
}

/** Search over label and description, case-insensitive; a blank phrase keeps everything. */
export function searchPermissions<P extends Pick<CataloguePermission, 'label' | 'description'>>(list: readonly P[], phrase: string): P[] {
  const needle = phrase.trim().toLocaleLowerCase();
  if (!needle) return [...list];
  return list.filter((p) => p.label.toLocaleLowerCase().includes(needle) || p.description.toLocaleLowerCase().includes(needle));
}

/** Groups by type, in the order the types first appear (the catalogue comes ordered by type). */
export function groupByType<P extends Pick<CataloguePermission, 'type'>>(list: readonly P[]): { type: string; permissions: P[] }[] {
  const groups = new Map<string, P[]>();
  for (const p of list) {
    const group = groups.get(p.type);
    if (group) group.push(p);
    else groups.set(p.type, [p]);
  }
  return [...groups].map(([type, permissions]) => ({ type, permissions }));
}

/**
 * The permissions a change would add or remove that the editor does not hold: the server refuses
 * those (only what one holds can be given or taken), so the panel says so before saving.
 */
export function beyondEditor(before: Iterable<string>, after: Iterable<string>, editorHolds: (name: string) => boolean): string[] {
  const was = new Set(before);
  const now = new Set(after);
  const changed = [...[...now].filter((n) => !was.has(n)), ...[...was].filter((n) => !now.has(n))];
  return changed.filter((n) => !editorHolds(n)).sort();
}

export const TYPE_LABELS: Record<string, string> = {
  investigations: 'Investigations',
  filings: 'Filings',
  data: 'Data',
  risk: 'Risk',
  rules: 'Rules',
  administration: 'Administration',
  ai: 'AI',
  internal: 'Internal',
};
