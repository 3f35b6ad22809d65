// A list's columns as the agent arranged them (spec part 2: "Choose Columns modal"): reads the
// agent's layout of the table and answers the list's column definitions, visible ones only, in the
// agent's order, plus what the Choose Columns modal needs to change it.
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { ColumnTableId } from '../../api/column-layouts/keys';
import { useResetColumnLayoutMutation, useSaveColumnLayoutMutation } from '../../api/column-layouts/mutations';
import { useColumnLayoutQuery } from '../../api/column-layouts/queries';
import { columnId, toInput, type ColumnDefinition } from './column-layout.utils';

// Columns mix value types; TanStack's own examples type the list this way.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyColumn<Row> = ColumnDef<Row, any>;

export interface ColumnLayoutOptions<Row> {
  /** Columns the list can show that the table's default hides (the server's layout says which). */
  extra?: readonly AnyColumn<Row>[];
  /**
   * The column of a custom data setting, for lists whose rows carry formatted_data. Without it the
   * table's data-setting columns are not offered here (they keep their place in the saved layout).
   * Pass a stable function (module level).
   */
  custom?: (column: ColumnDefinition) => AnyColumn<Row>;
}

/** The key a layout names a native column by: the column's id, else its accessor key. */
export function columnKey<Row>(def: AnyColumn<Row>): string | undefined {
  if (def.id) return def.id;
  return 'accessorKey' in def && typeof def.accessorKey === 'string' ? def.accessorKey : undefined;
}

export function useColumnLayout<Row>(tableId: ColumnTableId, defaultColumns: readonly AnyColumn<Row>[], options: ColumnLayoutOptions<Row> = {}) {
  const { extra, custom } = options;
  const query = useColumnLayoutQuery(tableId);
  const saveMutation = useSaveColumnLayoutMutation(tableId);
  const resetMutation = useResetColumnLayoutMutation(tableId);
  const [open, setOpen] = useState(false);

  const byKey = useMemo(() => {
    const map = new Map<string, AnyColumn<Row>>();
    for (const def of [...defaultColumns, ...(extra ?? [])]) {
      const key = columnKey(def);
      if (key) map.set(key, def);
    }
    return map;
  }, [defaultColumns, extra]);

  const layout = query.data?.columns;
  // What the modal arranges: the layout's columns this list can render.
  const arranged = useMemo(() => (layout ?? []).filter((c) => (c.key_type === 'native' ? byKey.has(c.key) : custom !== undefined)), [layout, byKey, custom]);

  const columns = useMemo(() => {
    // Until the layout arrives (or if it cannot be read) the list shows its own defaults.
    if (!layout) return [...defaultColumns];
    const visible = arranged.filter((c) => !c.hidden).map((c) => (c.key_type === 'native' ? byKey.get(c.key)! : { ...custom!(c), id: columnId(c) }));
    return visible.length > 0 ? visible : [...defaultColumns];
  }, [layout, arranged, byKey, custom, defaultColumns]);

  const save = async (next: ColumnDefinition[]) => {
    // Columns this list cannot render keep their visibility, after the arranged ones.
    const shown = new Set(next.map(columnId));
    const rest = (layout ?? []).filter((c) => !shown.has(columnId(c)));
    return saveMutation.mutateAsync(toInput([...next, ...rest]));
  };

  return {
    tableId,
    /** The list's visible columns in the agent's order. */
    columns,
    /** The table's columns this list can show, in the agent's order, with their visibility. */
    arranged,
    ready: query.isSuccess,
    isDefault: query.data?.is_default ?? true,
    open,
    setOpen,
    save,
    reset: () => resetMutation.mutateAsync(),
  };
}

export type ColumnLayoutModel<Row> = ReturnType<typeof useColumnLayout<Row>>;

/** What the Choose Columns button and modal need of a layout, whatever the list's rows. */
export type ColumnChooser = Pick<ColumnLayoutModel<unknown>, 'tableId' | 'arranged' | 'ready' | 'open' | 'setOpen' | 'save' | 'reset'>;
