// The editor's state: the form as typed, its checks (shown once a save was tried, then following
// every change), the save, and what the server refused. A refused save keeps everything typed.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useToast } from '../../../app/toasts/toast-context';
import { useSaveRiskModelMutation } from '../../../api/risk-models/mutations';
import { type RiskModel } from '../../../api/risk-models/queries';
import { fieldId } from './editor-context';
import { checkForm, errorsByPath, formContent, formFromModel, setAt, type FormErrors, type RiskModelForm } from './riskModel.form';

export const FIX_FIELDS_TEXT = 'The risk model was not saved: some fields need attention.';

export function useRiskModelEditor(model: RiskModel, editable: boolean) {
  const toast = useToast();
  const saveCall = useSaveRiskModelMutation(model.id);
  const [form, setForm] = useState<RiskModelForm>(() => formFromModel(model));
  const [base, setBase] = useState(() => formContent(form));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = formContent(form) !== base;
  /** the version of the model the form was built from */
  const synced = useRef(model.updated_at);

  const reset = (next: RiskModel) => {
    synced.current = next.updated_at;
    const f = formFromModel(next);
    setForm(f);
    setBase(formContent(f));
    setChecked(false);
    setServerErrors({});
    setFormError(null);
  };

  // The model changed on the server (saved here, or by someone else): an untouched form follows it.
  const follow = useEffectEvent(() => {
    if (!dirty && model.updated_at !== synced.current) reset(model);
  });
  useEffect(() => follow(), [model.updated_at]);

  const local = checked ? (checkForm(form).errors ?? {}) : {};
  const errors: FormErrors = { ...serverErrors, ...local };

  const set = (path: string, value: unknown) => {
    setForm((f) => setAt(f, path, value));
    setFormError(null);
    if (path in serverErrors) setServerErrors(({ [path]: _gone, ...rest }) => rest);
  };

  const save = () => {
    if (!editable || saveCall.isPending) return;
    setChecked(true);
    const result = checkForm(form);
    if (result.errors) {
      setFormError(FIX_FIELDS_TEXT);
      // the first field in the page's order, whatever order the rules checked them in
      const fields = Object.keys(result.errors).flatMap((path) => document.getElementById(fieldId(path)) ?? []);
      fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]?.focus();
      return;
    }
    setFormError(null);
    saveCall.mutate(result.body, {
      onSuccess: (saved) => {
        reset(saved);
        toast.show({ message: `${saved.title} saved.`, type: 'Success' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.details.length) {
          setServerErrors(errorsByPath(error.details));
          setFormError(FIX_FIELDS_TEXT);
        } else {
          setFormError(error instanceof ApiError ? error.message : 'The risk model could not be saved. Please try again.');
        }
      },
    });
  };

  return { form, errors, set, save, discard: () => reset(model), dirty, saving: saveCall.isPending, formError };
}

export type RiskModelEditorState = ReturnType<typeof useRiskModelEditor>;
