// The Choose Columns modal (spec part 2, sections 2, 4, 8, 9): drag to reorder (5 px of mouse
// movement or a 120 ms touch press; keyboard too), toggle visibility, search by label or
// description, Save (sent only when the layout changed) and Reset to Default. A failed save or
// reset keeps the dialog open with what was arranged.
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useId, useMemo, useState } from 'react';
import { cx } from '../../../styled-system/css';
import * as d from '../../ui/dialog.styles';
import { button } from '../../ui/recipes';
import * as s from './choose-columns.styles';
import {
  CHOOSE_COLUMNS_TITLE,
  DRAG_Z_INDEX,
  FILTERED_HINT,
  MOUSE_DRAG_DISTANCE_PX,
  NO_MATCH_TEXT,
  NONE_VISIBLE_TEXT,
  NOT_SAVED_TEXT,
  RESET_TO_DEFAULT,
  TOUCH_DRAG_DELAY_MS,
  TOUCH_DRAG_TOLERANCE_PX,
} from './choose-columns.constants';
import { announcements, dropAnimation, keepVertical, screenReaderInstructions, type DragProgress } from './choose-columns.dnd';
import { columnId, matchesSearch, moveItem, sameLayout, type ColumnDefinition } from './column-layout.utils';
import { ColumnRowOverlay, SortableColumnRow } from './ColumnRow';
import { Field } from '../../ui/FormField';

export interface ChooseColumnsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The table's columns as arranged now, in order. */
  columns: readonly ColumnDefinition[];
  /** Persists a changed arrangement; a rejection keeps the dialog open. */
  onSave: (columns: ColumnDefinition[]) => Promise<unknown>;
  /** Drops the agent's arrangement for the table's default; a rejection keeps the dialog open. */
  onReset: () => Promise<unknown>;
}

export function ChooseColumnsDialog({ open, onOpenChange, columns, onSave, onReset }: ChooseColumnsDialogProps) {
  const id = useId();
  const [draft, setDraft] = useState<ColumnDefinition[]>(() => [...columns]);
  const [search, setSearch] = useState('');
  const [activeId, setActiveId] = useState<string | null>(null);
  const [pending, setPending] = useState<'save' | 'reset' | null>(null);
  const [failed, setFailed] = useState(false);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  // A box kept across renders, written by the drag announcements as a column moves.
  const [progress] = useState<DragProgress>(() => ({ moved: false }));

  // Each opening starts from the table's current arrangement; while open, what was arranged stays
  // (a failed save keeps it because the dialog stays open). Set while rendering, when `open` turns
  // true, so the first open frame already shows it.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDraft([...columns]);
      setSearch('');
      setFailed(false);
      setPending(null);
    }
  }

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DRAG_DELAY_MS, tolerance: TOUCH_DRAG_TOLERANCE_PX } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const ids = useMemo(() => draft.map(columnId), [draft]);
  const filtering = search.trim() !== '';
  const shown = filtering ? draft.filter((c) => matchesSearch(c, search)) : draft;
  const visibleCount = draft.filter((c) => !c.hidden).length;
  const active = activeId ? draft.find((c) => columnId(c) === activeId) : undefined;
  const busy = pending !== null;

  const toggle = (key: string, visible: boolean) => setDraft((cur) => cur.map((c) => (columnId(c) === key ? { ...c, hidden: !visible } : c)));
  const onDragStart = (e: DragStartEvent) => setActiveId(String(e.active.id));
  const onDragEnd = (e: DragEndEvent) => {
    setActiveId(null);
    if (!e.over || e.active.id === e.over.id) return;
    setDraft((cur) =>
      moveItem(
        cur,
        cur.findIndex((c) => columnId(c) === e.active.id),
        cur.findIndex((c) => columnId(c) === e.over!.id),
      ),
    );
  };

  const run = async (kind: 'save' | 'reset', call: () => Promise<unknown>) => {
    setPending(kind);
    setFailed(false);
    try {
      await call();
      onOpenChange(false);
    } catch {
      // Spec part 2 section 8: the error is not raised as a toast; the dialog stays open with the
      // arrangement, and a quiet line says it was not saved.
      setFailed(true);
    } finally {
      setPending(null);
    }
  };

  const save = () => {
    if (busy || visibleCount === 0) return;
    // "Save sends changes only if the layout changed."
    if (sameLayout(draft, columns)) {
      onOpenChange(false);
      return;
    }
    void run('save', () => onSave(draft));
  };

  const lookup = (dndId: string | number) => draft.find((c) => columnId(c) === dndId);
  const position = (dndId: string | number) => ids.indexOf(String(dndId)) + 1;

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !busy && onOpenChange(e.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={d.backdrop} />
        <Dialog.Positioner className={d.positioner}>
          <Dialog.Content ref={setContainer} className={cx(d.content, s.content)} aria-busy={busy}>
            <div className={s.header}>
              <Dialog.Title className={d.title}>{CHOOSE_COLUMNS_TITLE}</Dialog.Title>
              <span className={s.count} aria-live="polite">{`${visibleCount} of ${draft.length} shown`}</span>
            </div>
            <Dialog.Description className={d.description}>Drag a column by its handle to move it; tick the columns to show.</Dialog.Description>
            <Field id={`${id}-search`} label="Search columns">
              <input
                id={`${id}-search`}
                className={d.input}
                type="search"
                value={search}
                placeholder="Label or description"
                autoComplete="off"
                onChange={(e) => setSearch(e.target.value)}
                aria-describedby={filtering ? `${id}-filtered` : undefined}
              />
              {filtering ? (
                <p id={`${id}-filtered`} className={s.note}>
                  {FILTERED_HINT}
                </p>
              ) : null}
            </Field>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              modifiers={[keepVertical]}
              onDragStart={onDragStart}
              onDragEnd={onDragEnd}
              onDragCancel={() => setActiveId(null)}
              accessibility={{
                container: container ?? undefined,
                screenReaderInstructions,
                announcements: announcements(lookup, position, draft.length, progress),
              }}
            >
              <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={filtering}>
                <ul className={s.list} aria-label="Columns">
                  {shown.map((c) => (
                    <SortableColumnRow
                      key={columnId(c)}
                      id={columnId(c)}
                      column={c}
                      reorderDisabled={filtering || busy}
                      onToggle={(v) => toggle(columnId(c), v)}
                    />
                  ))}
                  {shown.length === 0 ? <li className={s.empty}>{NO_MATCH_TEXT}</li> : null}
                </ul>
              </SortableContext>
              <DragOverlay zIndex={DRAG_Z_INDEX} dropAnimation={dropAnimation}>
                {active ? <ColumnRowOverlay column={active} /> : null}
              </DragOverlay>
            </DndContext>
            {failed ? (
              <p className={s.failed} role="status">
                {NOT_SAVED_TEXT}
              </p>
            ) : visibleCount === 0 ? (
              <p className={s.failed} role="status">
                {NONE_VISIBLE_TEXT}
              </p>
            ) : null}
            <div className={s.actions}>
              <button type="button" className={cx(button({ variant: 'ghost' }), s.resetButton)} disabled={busy} onClick={() => void run('reset', onReset)}>
                {pending === 'reset' ? 'Resetting…' : RESET_TO_DEFAULT}
              </button>
              <Dialog.CloseTrigger className={button({ variant: 'secondary' })} type="button" disabled={busy}>
                Cancel
              </Dialog.CloseTrigger>
              <button type="button" className={button({ variant: 'primary' })} disabled={busy || visibleCount === 0} onClick={save}>
                {pending === 'save' ? 'Saving…' : 'Save'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
