// State of the Permission Control panel: the selection starts from the holder's saved set and
// changes only in the panel until "Save to DB". A refused save keeps the selection.
import { useMemo, useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission, type PermissionName } from '../../../lib/permissions';
import { useAssociationQuery, useCatalogueQuery, type AssociationType } from '../../../api/permissions/queries';
import { useSaveAssociationMutation } from '../../../api/permissions/mutations';
import { beyondEditor, derivePreset, presetSelection, type ChoosablePreset } from './permission-presets';

export function usePermissionEditor(type: AssociationType, id: number) {
  const me = useAgent();
  const catalogue = useCatalogueQuery();
  const held = useAssociationQuery(type, id);
  const save = useSaveAssociationMutation(type, id);
  const [draft, setDraft] = useState<Set<string> | null>(null);

  const byId = useMemo(() => new Map((catalogue.data?.permissions ?? []).map((p) => [p.id, p] as const)), [catalogue.data]);
  const byName = useMemo(() => new Map((catalogue.data?.permissions ?? []).map((p) => [p.name as string, p] as const)), [catalogue.data]);
  const saved = useMemo(
    () => new Set((held.data?.permission_ids ?? []).map((pid) => byId.get(pid)?.name).filter((n): n is NonNullable<typeof n> => Boolean(n)) as string[]),
    [held.data, byId],
  );
  const selection = draft ?? saved;
  const list = catalogue.data?.permissions ?? [];
  const presets = catalogue.data?.presets ?? { agent: [], manager: [] };
  const editorHolds = (name: string) => hasPermission(me, name as PermissionName);
  // Nobody changes their own permissions (the server refuses it): one's own set is shown read-only.
  const own = type === 'agent' && id === me.id;
  const canEdit = hasPermission(me, 'edit_permissions') && !own;
  const dirty = draft !== null && (draft.size !== saved.size || [...draft].some((n) => !saved.has(n)));

  return {
    ready: catalogue.isSuccess && held.isSuccess,
    error: catalogue.error ?? held.error,
    retry: () => {
      void catalogue.refetch();
      void held.refetch();
    },
    catalogue: list,
    selection,
    preset: derivePreset(selection, presets, list),
    canEdit,
    own,
    editorHolds,
    dirty,
    /** Permissions this change would give or take that the editor does not hold (the server refuses those). */
    beyond: beyondEditor(saved, selection, editorHolds),
    toggle(name: string, on: boolean) {
      const next = new Set(selection);
      if (on) next.add(name);
      else next.delete(name);
      setDraft(next);
    },
    choose(preset: ChoosablePreset) {
      setDraft(presetSelection(preset, presets, list, selection));
    },
    /** Whether choosing the preset would give or take only what the editor holds. */
    canChoose(preset: ChoosablePreset) {
      return canEdit && beyondEditor(saved, presetSelection(preset, presets, list, selection), editorHolds).length === 0;
    },
    save,
    submit(onSaved: () => void) {
      const ids = [...selection].map((n) => byName.get(n)?.id).filter((x): x is number => x !== undefined);
      save.mutate(ids, {
        onSuccess: () => {
          setDraft(null);
          onSaved();
        },
      });
    },
    reset: () => setDraft(null),
  };
}
