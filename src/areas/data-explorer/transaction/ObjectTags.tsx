// Tags of a transaction or action event with the Edit tags button (spec part 2, section 4 "Tag
// edit"): the newest label edit of the last 5 minutes is polled every 5 s; while it has not
// finished, editing is blocked and the button's tooltip says "Update requested at {time}".
import { useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import type { Tag } from '../../../api/tags/queries';
import { longTime } from '../../../lib/time';
import { canEditTags } from '../../../lib/work-rules';
import { button } from '../../../ui/recipes';
import { Tooltip } from '../../../ui/Tooltip';
import { TagChip } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { useLatestLabelEditQuery, type CgdoType } from '../../../api/label-edits/queries';
import { EditTagsModal } from './EditTagsModal';
import * as s from './transaction.styles';
import { updateRequestedAt } from './transaction.utils';

interface Props {
  objectType: CgdoType;
  objectId: number;
  externalId: string;
  tags: readonly Tag[];
}

export function ObjectTags({ objectType, objectId, externalId, tags }: Props) {
  const agent = useAgent();
  const editable = canEditTags(agent);
  const [open, setOpen] = useState(false);
  const latest = useLatestLabelEditQuery(objectType, editable ? externalId : undefined);
  const pending = latest.data && latest.data.finished_at === null ? latest.data : null;

  const edit = (
    <button type="button" className={button({ variant: 'secondary', size: 'sm' })} disabled={Boolean(pending)} onClick={() => setOpen(true)}>
      Edit tags
    </button>
  );
  return (
    <div className={s.body} style={{ gap: 8 }}>
      <ul className={w.tagList} aria-label="Tags">
        {tags.length === 0 ? <li className={w.muted}>No tags</li> : null}
        {tags.map((t) => (
          <li key={t.id}>
            <TagChip tag={t} />
          </li>
        ))}
      </ul>
      {editable ? (
        <div>
          {pending ? (
            // a disabled button gets neither focus nor hover: the wrapper carries the tooltip
            <Tooltip text={updateRequestedAt(longTime(pending.started_at))} openDelay={150}>
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users reach its tooltip (ui/Tooltip.tsx) */}
              <span tabIndex={0} style={{ display: 'inline-flex', borderRadius: 6 }}>
                {edit}
              </span>
            </Tooltip>
          ) : (
            edit
          )}
          <EditTagsModal open={open} onOpenChange={setOpen} objectType={objectType} objectId={objectId} externalId={externalId} tags={tags} />
        </div>
      ) : null}
    </div>
  );
}
