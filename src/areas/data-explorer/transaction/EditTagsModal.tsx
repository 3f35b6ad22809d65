// The edit-tags modal of a transaction or action event: the organisation's tags as checkboxes with a
// filter. Spec part 2, section 8: tag save errors are not toasted and the modal stays open with the
// choice; one line says the save did not happen. A 409 means another update started meanwhile.
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/errors';
import { useEditTagsMutation } from '../../../api/tags/mutations';
import { useTagsQuery, type Tag } from '../../../api/tags/queries';
import * as d from '../../../ui/dialog.styles';
import * as w from '../../../features/work/work.styles';
import { useTagChoice } from '../../../features/work/use-tag-choice';
import type { CgdoType } from '../../../api/label-edits/queries';
import * as s from './transaction.styles';
import { DialogActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';

export const TAGS_NOT_SAVED = 'The tags were not saved.';
export const TAGS_BUSY = 'Another update of these tags is in progress. Try again when it has finished.';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  objectType: CgdoType;
  objectId: number;
  externalId: string;
  tags: readonly Tag[];
}

export function EditTagsModal({ open, onOpenChange, objectType, objectId, externalId, tags }: Props) {
  const id = useId();
  const all = useTagsQuery({ enabled: open });
  const mutation = useEditTagsMutation();
  const { chosen, filter, setFilter, shown, toggle, reset } = useTagChoice(all.data);
  const [failure, setFailure] = useState<string | null>(null);

  // the choice starts from the tags the object had when the modal opened (set while rendering, as it opens)
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      reset(tags);
      setFailure(null);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    mutation.mutate(
      { objectType, objectId, externalId, tagIds: [...chosen] },
      {
        onSuccess: () => onOpenChange(false),
        // the label edit this request recorded (or the one that refused it) shows at once: the mutation reads it again
        onError: (error) => setFailure(error instanceof ApiError && error.status === 409 ? TAGS_BUSY : TAGS_NOT_SAVED),
      },
    );
  };

  return (
    <Modal open={open} onClose={() => onOpenChange(false)} title="Edit tags" description="Choose the tags this record carries.">
      <form className={d.form} onSubmit={submit} noValidate>
        <input className={d.input} aria-label="Filter tags" placeholder="Filter tags" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <fieldset className={s.body} style={{ border: 'none', padding: 0, margin: 0, maxHeight: '16rem', overflowY: 'auto', gap: 4 }}>
          <legend className={d.label}>Tags</legend>
          {shown.map((t) => (
            <label key={t.id} htmlFor={`${id}-${t.id}`} style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 14 }}>
              <input id={`${id}-${t.id}`} type="checkbox" checked={chosen.has(t.id)} onChange={() => toggle(t.id)} />
              <span className={w.tagSwatch} style={{ background: t.color }} aria-hidden="true" />
              {t.title}
            </label>
          ))}
          {all.isPending ? <p className={s.note}>Loading…</p> : shown.length === 0 ? <p className={s.note}>No tags</p> : null}
        </fieldset>
        {failure ? (
          <p className={d.fieldError} role="alert">
            {failure}
          </p>
        ) : null}
        <DialogActions action={mutation.isPending ? 'Saving…' : 'Save tags'} busy={mutation.isPending || all.isPending} />
      </form>
    </Modal>
  );
}
