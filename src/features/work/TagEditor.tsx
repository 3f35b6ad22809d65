// An object's tags, and with edit_tags an editor over the organisation's tags (GET /api/tags, POST
// /api/tags/edit). Spec part 2, section 8: tag save errors are not toasted and the editor stays
// open; here it also says so in one line, so the agent knows the save did not happen.
import { Popover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { useId, useState } from 'react';
import { css, cx } from '../../../styled-system/css';
import { useEditTagsMutation } from '../../api/tags/mutations';
import { useTagsQuery, type Tag, type TagObjectType } from '../../api/tags/queries';
import { useAgent } from '../../app/auth/auth-context';
import { canEditTags } from '../../lib/work-rules';
import * as d from '../../ui/dialog.styles';
import { bareList, button, floating } from '../../ui/recipes';
import * as s from './work.styles';
import { useTagChoice } from './use-tag-choice';

const checkList = css(bareList, { maxHeight: '14rem', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '0.5' });

export function TagChip({ tag }: { tag: Tag }) {
  return (
    <span className={s.tag}>
      <span className={s.tagSwatch} style={{ background: tag.color }} aria-hidden="true" />
      {tag.title}
    </span>
  );
}

interface Props {
  objectType: TagObjectType;
  objectId: number;
  tags: readonly Tag[];
}

export function TagEditor({ objectType, objectId, tags }: Props) {
  const agent = useAgent();
  const editable = canEditTags(agent);
  return (
    <ul className={s.tagList} aria-label="Tags">
      {tags.length === 0 ? <li className={s.muted}>No tags</li> : null}
      {tags.map((t) => (
        <li key={t.id}>
          <TagChip tag={t} />
        </li>
      ))}
      {editable ? (
        <li>
          <TagPicker objectType={objectType} objectId={objectId} tags={tags} />
        </li>
      ) : null}
    </ul>
  );
}

function TagPicker({ objectType, objectId, tags }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const all = useTagsQuery({ enabled: open });
  const mutation = useEditTagsMutation();
  const { chosen, filter, setFilter, shown, toggle, reset } = useTagChoice(all.data);
  const save = () => {
    setFailed(false);
    mutation.mutate({ objectType, objectId, tagIds: [...chosen] }, { onSuccess: () => setOpen(false), onError: () => setFailed(true) });
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) {
          reset(tags);
          setFailed(false);
        }
      }}
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
    >
      <Popover.Trigger className={s.linkButton}>Edit tags</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content className={cx(floating(), s.picker)} aria-label="Edit tags">
            <input className={s.pickerInput} aria-label="Filter tags" placeholder="Filter tags" value={filter} onChange={(e) => setFilter(e.target.value)} />
            <ul className={checkList}>
              {shown.map((t) => (
                <li key={t.id}>
                  <label className={s.checkRow} htmlFor={`${id}-${t.id}`}>
                    <input id={`${id}-${t.id}`} type="checkbox" checked={chosen.has(t.id)} onChange={() => toggle(t.id)} />
                    <span className={s.tagSwatch} style={{ background: t.color }} aria-hidden="true" />
                    {t.title}
                  </label>
                </li>
              ))}
            </ul>
            {all.isPending ? <p className={s.pickerEmpty}>Loading…</p> : shown.length === 0 ? <p className={s.pickerEmpty}>No tags</p> : null}
            {failed ? (
              <p className={d.fieldError} role="alert">
                The tags were not saved.
              </p>
            ) : null}
            <div className={d.actions}>
              <Popover.CloseTrigger className={button({ variant: 'secondary', size: 'sm' })}>Cancel</Popover.CloseTrigger>
              <button type="button" className={button({ variant: 'primary', size: 'sm' })} disabled={mutation.isPending || all.isPending} onClick={save}>
                Save tags
              </button>
            </div>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
