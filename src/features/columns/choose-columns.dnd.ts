// dnd-kit settings of the Choose Columns list: what a screen reader hears while a column is moved
// by keyboard, the vertical-only movement, and the drop animation's stacking (spec part 2 section
// 9: z-index 5000 while dragging, 4500 during the drop animation).
import type { Announcements, DropAnimation, Modifier, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { DROP_ANIMATION_MS, DROP_ANIMATION_Z_INDEX } from './choose-columns.constants';
import type { ColumnDefinition } from './column-layout.utils';

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a column, press Space or Enter. Move it with the up and down arrow keys, press Space or Enter again to drop it, or Escape to put it back.',
};

/** Whether the picked-up column has left its place during this drag (kept across renders by the dialog). */
export interface DragProgress {
  moved: boolean;
}

export function announcements(
  lookup: (id: UniqueIdentifier) => ColumnDefinition | undefined,
  position: (id: UniqueIdentifier) => number,
  total: number,
  progress: DragProgress,
): Announcements {
  const name = (id: UniqueIdentifier) => lookup(id)?.label ?? 'The column';
  return {
    onDragStart: ({ active }) => {
      progress.moved = false;
      return `Picked up ${name(active.id)}. It is column ${position(active.id)} of ${total}.`;
    },
    onDragOver: ({ active, over }) => {
      // At pick-up the column is over its own place: the pick-up message stays.
      if (over?.id === active.id && !progress.moved) return undefined;
      progress.moved = true;
      return over ? `${name(active.id)} is over position ${position(over.id)} of ${total}.` : `${name(active.id)} is no longer over the list.`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${position(over.id)} of ${total}.` : `${name(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled. It stays at position ${position(active.id)} of ${total}.`,
  };
}

/** Columns move up and down only. */
export const keepVertical: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export const dropAnimation: DropAnimation = {
  duration: DROP_ANIMATION_MS,
  easing: 'ease',
  // While the dropped copy flies to its place it sits below a new drag's copy (4500 < 5000); the
  // row it stands for stays invisible until it lands.
  sideEffects: ({ active, dragOverlay }) => {
    dragOverlay.node.style.zIndex = String(DROP_ANIMATION_Z_INDEX);
    const opacity = active.node.style.opacity;
    active.node.style.opacity = '0';
    return () => {
      active.node.style.opacity = opacity;
    };
  },
};
