// One column in the Choose Columns list: a drag handle (mouse, touch or keyboard through dnd-kit),
// the visibility checkbox named by the column's label, and its description.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import { cx } from '../../../styled-system/css';
import { Icon } from '../../ui/icons';
import * as s from './choose-columns.styles';
import type { ColumnDefinition } from './column-layout.utils';

interface RowProps {
  id: string;
  column: ColumnDefinition;
  /** Reordering is off while a search filters the list. */
  reorderDisabled: boolean;
  onToggle: (visible: boolean) => void;
}

/** The column's description (and whether it is a custom field): what the checkbox is described by. */
function Details({ column, id }: { column: ColumnDefinition; id?: string }) {
  if (!column.description && column.key_type !== 'data_setting') return null;
  return (
    <span id={id} className={s.description}>
      {column.key_type === 'data_setting' ? <span className={s.kind}>Custom field{column.description ? ' · ' : ''}</span> : null}
      {column.description}
    </span>
  );
}

export function SortableColumnRow({ id, column, reorderDisabled, onToggle }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: reorderDisabled });
  const checkboxId = useId();
  const descriptionId = `${checkboxId}-description`;
  return (
    <li
      ref={setNodeRef}
      className={s.row}
      data-dragging={isDragging}
      data-column-key={column.key}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={s.handle}
        {...attributes}
        {...listeners}
        aria-label={`Move ${column.label}`}
        disabled={reorderDisabled}
      >
        <Icon name="grip" size={16} aria-hidden="true" />
      </button>
      <span className={s.check}>
        <input
          id={checkboxId}
          type="checkbox"
          className={s.checkbox}
          checked={!column.hidden}
          onChange={(e) => onToggle(e.target.checked)}
          aria-describedby={column.description || column.key_type === 'data_setting' ? descriptionId : undefined}
        />
        <span className={s.text}>
          <label className={s.label} htmlFor={checkboxId}>
            {column.label}
          </label>
          <Details column={column} id={descriptionId} />
        </span>
      </span>
    </li>
  );
}

/** The row's look under the pointer while it is dragged; not interactive, so hidden from assistive technology. */
export function ColumnRowOverlay({ column }: { column: ColumnDefinition }) {
  return (
    <div className={cx(s.row, s.overlayRow)} data-drag-overlay aria-hidden="true">
      <span className={s.handle}>
        <Icon name="grip" size={16} />
      </span>
      <span className={s.check}>
        <input type="checkbox" className={s.checkbox} checked={!column.hidden} readOnly tabIndex={-1} />
        <span className={s.text}>
          <span className={s.label}>{column.label}</span>
          <Details column={column} />
        </span>
      </span>
    </div>
  );
}
