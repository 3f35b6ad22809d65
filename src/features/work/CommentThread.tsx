// The comments of an alert, a case (or any commentable object): oldest first, each with its author
// and time, and the composer for agents who may edit the object. "Failed to get comments." when
// the list cannot be read (spec part 2, section 8).
import { section } from '../../ui/detail.recipes';
import { forwardRef } from 'react';
import { css } from '../../../styled-system/css';
import { useCommentsQuery, type CommentObjectType } from '../../api/comments/queries';
import { useCreateCommentMutation } from '../../api/comments/mutations';
import { useAgent } from '../../app/auth/auth-context';
import { useToast } from '../../app/toasts/toast-context';
import { longTime } from '../../lib/time';
import { hasPermission } from '../../lib/permissions';
import { canSeeAgents, editPermission } from '../../lib/work-rules';
import { LoadingState } from '../../ui/LoadingState';
import { bareList, textLink } from '../../ui/recipes';
import { CommentBody } from './CommentBody';
import { CommentComposer, type CommentComposerHandle } from './CommentComposer';
import { initials } from './initials';
import * as s from './work.styles';

const sectionBody = section().body;

export const COMMENTS_FAILED = 'Failed to get comments.';
/** Not in the spec: the message when posting fails (the text stays in the composer). */
export const COMMENT_POST_FAILED = 'Failed to add comment. Please try again.';

const list = css(bareList, { display: 'flex', flexDirection: 'column', gap: '4' });
const item = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1' });
const meta = css({ display: 'flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap', fontSize: 'sm' });
const author = css({ fontWeight: 'semibold' });
const time = css({ color: 'muted', fontSize: 'xs' });
const contentCell = css({ gridColumn: '2' });

/** Who may write where: the edit permission of the object's kind (the server checks the same). */
const EDIT_BY_TYPE: Partial<Record<CommentObjectType, Parameters<typeof hasPermission>[1]>> = {
  ALERT: editPermission('ALERT'),
  CASE: editPermission('CASE'),
  SAR: 'edit_sars',
  ENTITY: 'edit_entities',
  TRANSACTION: 'edit_events',
  ACTION_EVENT: 'edit_events',
  INSTRUMENT: 'edit_transaction_instruments',
  RULE: 'edit_rules',
};

interface Props {
  objectType: CommentObjectType;
  objectId: number;
}

export const CommentThread = forwardRef<CommentComposerHandle, Props>(function CommentThread({ objectType, objectId }, ref) {
  const agent = useAgent();
  const toast = useToast();
  const comments = useCommentsQuery(objectType, objectId);
  const create = useCreateCommentMutation(objectType, objectId);
  const editPerm = EDIT_BY_TYPE[objectType];
  const canWrite = editPerm ? hasPermission(agent, editPerm) : false;
  const linkAgents = canSeeAgents(agent);

  const post = (content: string) =>
    create.mutateAsync(content).catch((error: unknown) => {
      toast.show({ message: COMMENT_POST_FAILED, type: 'Error' });
      throw error;
    });

  return (
    <div className={sectionBody}>
      {comments.isPending ? (
        <LoadingState label="Loading comments" />
      ) : comments.isError ? (
        <p className={s.errorBox} role="alert">
          {COMMENTS_FAILED}
          <button type="button" className={textLink()} onClick={() => void comments.refetch()}>
            Retry
          </button>
        </p>
      ) : comments.data.length === 0 ? (
        <p className={s.muted}>No comments yet.</p>
      ) : (
        <ol className={list} aria-label="Comments">
          {comments.data.map((c) => (
            <li key={c.id} className={item}>
              <span className={s.avatarLarge} aria-hidden="true">
                {initials(c.author.full_name)}
              </span>
              <span className={meta}>
                <span className={author}>{c.author.full_name}</span>
                <time className={time} dateTime={c.created_at}>
                  {longTime(c.created_at)}
                </time>
              </span>
              <div className={contentCell}>
                <CommentBody content={c.content} linkAgents={linkAgents} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <CommentComposer
          ref={ref}
          onSubmit={post}
          busy={create.isPending}
          canListAgents={hasPermission(agent, 'read_agents') || hasPermission(agent, 'read_assignments')}
        />
      ) : null}
    </div>
  );
});
