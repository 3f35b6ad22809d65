// The deadline of an alert or case with its Edit Deadline button (only while OPEN and with
// edit_deadlines) and, after a change, "Deadline extended by {x}" / "Deadline shortened by {x}".
import { LabelledValue } from '../../ui/Facts';
import { useState } from 'react';
import { cx } from '../../../styled-system/css';
import { useAgent } from '../../app/auth/auth-context';
import { deadlineDistance } from '../../lib/deadline';
import { longTime } from '../../lib/time';
import { canEditDeadline, type WorkObjectType, type WorkStatus } from '../../lib/work-rules';
import { DeadlineModal } from './DeadlineModal';
import * as s from './work.styles';

export interface DeadlineFieldProps {
  objectType: WorkObjectType;
  objectId: number;
  status: WorkStatus;
  deadline: string | null;
  startDate: string | null;
  /** Controlled opening, so a palette command can open the modal. */
  modalOpen?: boolean;
  onModalOpenChange?: (open: boolean) => void;
}

export function DeadlineField({ objectType, objectId, status, deadline, startDate, modalOpen, onModalOpenChange }: DeadlineFieldProps) {
  const agent = useAgent();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = modalOpen ?? ownOpen;
  const setOpen = onModalOpenChange ?? setOwnOpen;
  const [change, setChange] = useState<string | null>(null);
  const editable = canEditDeadline(agent, status);
  const distance = deadlineDistance(deadline);

  // The change note belongs to the deadline it describes: another object clears it (while rendering).
  const [noteFor, setNoteFor] = useState({ objectType, objectId });
  if (noteFor.objectType !== objectType || noteFor.objectId !== objectId) {
    setNoteFor({ objectType, objectId });
    setChange(null);
  }

  return (
    <LabelledValue label="Deadline">
      <span className={s.inlineRow}>
        <time dateTime={deadline ?? undefined} className={cx(distance?.overdue && status === 'OPEN' && s.overdue)}>
          {deadline ? longTime(deadline) : 'No deadline'}
        </time>
        {distance && status === 'OPEN' ? <span className={cx(s.muted, distance.overdue && s.overdue)}>{`(${distance.text})`}</span> : null}
        {editable ? (
          <button type="button" className={s.linkButton} onClick={() => setOpen(true)}>
            Edit Deadline
          </button>
        ) : null}
      </span>
      <span role="status" className={s.note}>
        {change ?? ''}
      </span>
      {editable ? (
        <DeadlineModal
          open={open}
          onOpenChange={setOpen}
          objectType={objectType}
          objectId={objectId}
          deadline={deadline}
          startDate={startDate}
          onChanged={setChange}
        />
      ) : null}
    </LabelledValue>
  );
}
