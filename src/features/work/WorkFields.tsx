// The work fields an alert and a case share in their headers: the assignee and queue chips (when the
// status shows them), the deadline with Edit Deadline, and, under the fields, why the chips cannot
// change and the tags.
import type { ReactNode } from 'react';
import { DetailNote } from '../../ui/DetailHeader';
import { LabelledValue } from '../../ui/Facts';
import { statusLabel, type WorkObjectType } from '../../lib/work-rules';
import { assignable, AssigneeChip, QueueChip } from './AssignmentChips';
import { DeadlineField } from './DeadlineField';
import { TagEditor } from './TagEditor';

type WorkItem = Parameters<typeof assignable>[1] & {
  deadline: string | null;
  start_date: string | null;
  tags: Parameters<typeof TagEditor>[0]['tags'];
};

export interface WorkFieldsProps {
  objectType: WorkObjectType;
  item: WorkItem;
  showAssignment?: boolean;
  deadlineOpen?: boolean;
  onDeadlineOpenChange?: (open: boolean) => void;
}

/** Assignee and queue (when shown), then the deadline; the header adds its own fields after them. */
export function AssignmentFields({ objectType, item, showAssignment = true, deadlineOpen, onDeadlineOpenChange }: WorkFieldsProps) {
  const object = assignable(objectType, item);
  return (
    <>
      {showAssignment ? (
        <>
          <LabelledValue label="Assignee">
            <AssigneeChip object={object} />
          </LabelledValue>
          <LabelledValue label="Queue">
            <QueueChip object={object} />
          </LabelledValue>
        </>
      ) : null}
      <DeadlineField
        objectType={objectType}
        objectId={item.id}
        status={item.status}
        deadline={item.deadline}
        startDate={item.start_date}
        modalOpen={deadlineOpen}
        onModalOpenChange={onDeadlineOpenChange}
      />
    </>
  );
}

/** Under the fields: why the chips cannot change (when frozen), what the header puts between, then the tags. */
export function WorkNotes({ objectType, item, frozen, children }: { objectType: WorkObjectType; item: WorkItem; frozen: boolean; children?: ReactNode }) {
  const noun = objectType === 'ALERT' ? 'alert' : 'case';
  return (
    <>
      {frozen ? <DetailNote>{`Assignee and queue cannot be changed while the ${noun} is ${statusLabel(item.status).toLowerCase()}.`}</DetailNote> : null}
      {children}
      <LabelledValue label="Tags">
        <TagEditor objectType={objectType} objectId={item.id} tags={item.tags} />
      </LabelledValue>
    </>
  );
}
