// The work widgets shared by alerts and cases (and their panels).
export { assignable, AssigneeChip, QueueChip, useAssign, UNASSIGNED_LABEL, type AssignableObject } from './AssignmentChips';
export { AuditTrail } from './AuditTrail';
export { CommentThread } from './CommentThread';
export type { CommentComposerHandle } from './CommentComposer';
export { DeadlineField } from './DeadlineField';
export { DeadlineModal } from './DeadlineModal';
export { DispositionDialog } from './DispositionDialog';
export { StatusActions } from './StatusActions';
export { StatusBadge } from './StatusBadge';
export { TagChip, TagEditor } from './TagEditor';
export { AssignmentFields, WorkNotes } from './WorkFields';
