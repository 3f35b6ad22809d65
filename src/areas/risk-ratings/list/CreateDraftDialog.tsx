// "Create draft": a title (required) and an optional description; the draft starts with the
// defaults of spec part 2 section 9 and opens in the editor.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { useCreateRiskModelMutation } from '../../../api/risk-models/mutations';
import { lifecycleErrorText, riskModelPath } from '../detail/use-lifecycle';
import { FIELD_REQUIRED } from '../../../../core/risk/model.validation';
import { DialogActions } from '../../../ui/DialogActions';
import { Modal } from '../../../ui/Modal';
import { Field } from '../../../ui/FormField';

export function CreateDraftDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateRiskModelMutation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleError = tried && !title.trim() ? FIELD_REQUIRED : null;

  const submit = () => {
    setTried(true);
    if (!title.trim() || create.isPending) return;
    create.mutate(
      { title: title.trim(), description: description.trim() || null },
      {
        onSuccess: (draft) => {
          toast.show({ message: `${draft.title} created.`, type: 'Success' });
          onClose();
          navigate(riskModelPath(draft.id));
        },
        onError: (e) => setError(lifecycleErrorText(e)),
      },
    );
  };

  return (
    <Modal
      onClose={onClose}
      title="Create a draft risk model"
      description="The draft starts with one segment for every customer and the address, new member, suspicious activity and alert and case parameters, thresholds low 40 and high 80."
    >
      <form
        className={d.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field id="rm-new-title" label="Title">
          <input
            id="rm-new-title"
            className={d.input}
            value={title}
            maxLength={200}
            aria-invalid={Boolean(titleError)}
            aria-describedby={titleError ? 'rm-new-title-error' : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          {titleError ? (
            <span id="rm-new-title-error" className={d.fieldError}>
              {titleError}
            </span>
          ) : null}
        </Field>
        <div className={d.field}>
          <label className={d.label} htmlFor="rm-new-description">
            Description <span className={d.optional}>(optional)</span>
          </label>
          <textarea id="rm-new-description" className={d.textarea} value={description} maxLength={2000} onChange={(e) => setDescription(e.target.value)} />
        </div>
        {error ? (
          <p className={d.formError} role="alert">
            {error}
          </p>
        ) : null}
        <DialogActions action={'Create draft'} busy={create.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
