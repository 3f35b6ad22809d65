// Close (with a disposition), Send to review and Reopen, offered as src/lib/work-rules.ts allows.
import { useState } from 'react';
import { useAgent } from '../../app/auth/auth-context';
import { useToast } from '../../app/toasts/toast-context';
import { objectNoun, statusActions, type WorkObjectType, type WorkStatus } from '../../lib/work-rules';
import { button } from '../../ui/recipes';
import { DispositionDialog } from './DispositionDialog';
import { useStatusMutation } from '../../api/work/mutations';

export function statusMessages(type: WorkObjectType) {
  const noun = objectNoun(type);
  const Noun = noun === 'alert' ? 'Alert' : 'Case';
  return {
    review: `${Noun} sent to review.`,
    reviewFailed: `Failed to send ${noun} to review. Please try again.`,
    reopened: `${Noun} reopened.`,
    reopenFailed: `Failed to reopen ${noun}. Please try again.`,
  };
}

interface Props {
  objectType: WorkObjectType;
  objectId: number;
  status: WorkStatus;
  /** Controlled opening of the close dialog (the palette's "Close alert"). */
  closeOpen?: boolean;
  onCloseOpenChange?: (open: boolean) => void;
  size?: 'sm' | 'md';
}

export function StatusActions({ objectType, objectId, status, closeOpen, onCloseOpenChange, size = 'sm' }: Props) {
  const agent = useAgent();
  const toast = useToast();
  const mutation = useStatusMutation(objectType, objectId);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = closeOpen ?? ownOpen;
  const setOpen = onCloseOpenChange ?? setOwnOpen;
  const allowed = statusActions(agent, objectType, status);
  const messages = statusMessages(objectType);
  const noun = objectNoun(objectType);

  const move = (next: 'IN_REVIEW' | 'OPEN') =>
    mutation.mutate(
      { status: next },
      {
        onSuccess: () => toast.show({ message: next === 'OPEN' ? messages.reopened : messages.review, type: 'Success' }),
        onError: () => toast.show({ message: next === 'OPEN' ? messages.reopenFailed : messages.reviewFailed, type: 'Error' }),
      },
    );

  if (!allowed.close && !allowed.sendToReview && !allowed.reopen) return null;
  return (
    <>
      {allowed.sendToReview ? (
        <button type="button" className={button({ variant: 'secondary', size })} disabled={mutation.isPending} onClick={() => move('IN_REVIEW')}>
          Send to review
        </button>
      ) : null}
      {allowed.reopen ? (
        <button type="button" className={button({ variant: 'secondary', size })} disabled={mutation.isPending} onClick={() => move('OPEN')}>
          Reopen
        </button>
      ) : null}
      {allowed.close ? (
        <button type="button" className={button({ variant: 'primary', size })} onClick={() => setOpen(true)}>
          {`Close ${noun}`}
        </button>
      ) : null}
      {allowed.close ? <DispositionDialog open={open} onOpenChange={setOpen} objectType={objectType} objectId={objectId} /> : null}
    </>
  );
}
