// The FINTRAC report editor's state: the form as typed, the editor's own checks (once a save was
// tried), the save and what the server refused, each message at its field. A refused save keeps
// everything typed; a saved report is validated again by the server (its status polls until the
// check is done).
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useUpdateFintracReportMutation, type FintracReport } from '../../../api/filings/fintrac';
import { useToast } from '../../../app/toasts/toast-context';
import { bodyOf, checkForm, errorsFromDetails, fintracFieldId, formContent, formFromReport, type FintracForm } from './fintrac.form';

export const FIX_FIELDS_TEXT = 'The report was not saved: some fields need attention.';
export const SAVE_FAILED_TEXT = 'Failed to save the report. Please try again.';

/** Focuses the first field showing an error, in the page's order. */
function focusFirst(paths: readonly string[]) {
  const fields = paths.flatMap((path) => document.getElementById(fintracFieldId(path)) ?? []);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]?.focus();
}

export function useFintracEditor(report: FintracReport) {
  const toast = useToast();
  const save = useUpdateFintracReportMutation(report.id);
  const [form, setForm] = useState<FintracForm>(() => formFromReport(report));
  const [base, setBase] = useState(() => formContent(form));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = formContent(form) !== base;

  const errors: Record<string, string> = { ...serverErrors, ...(checked ? checkForm(form) : {}) };

  const update = (change: (f: FintracForm) => FintracForm, path?: string) => {
    setForm(change);
    setFormError(null);
    if (path !== undefined && path in serverErrors) setServerErrors(({ [path]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    if (save.isPending) return;
    setChecked(true);
    setFormError(null);
    const local = checkForm(form);
    if (Object.keys(local).length) {
      setFormError(FIX_FIELDS_TEXT);
      requestAnimationFrame(() => focusFirst(Object.keys(local)));
      return;
    }
    save.mutate(bodyOf(form, report.report_type), {
      onSuccess: (saved) => {
        toast.show({ message: `${saved.name} saved. Checking it as FINTRAC would…`, type: 'Success' });
        setServerErrors({});
        setChecked(false);
        setBase(formContent(form));
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 400 && error.details.length) {
          const found = errorsFromDetails(error.details);
          setServerErrors(found);
          setFormError(FIX_FIELDS_TEXT);
          requestAnimationFrame(() => focusFirst(Object.keys(found)));
        } else {
          setFormError(error instanceof ApiError && (error.status === 409 || error.status === 400) ? error.message : SAVE_FAILED_TEXT);
        }
      },
    });
  };

  const discard = () => {
    setForm(formFromReport(report));
    setServerErrors({});
    setChecked(false);
    setFormError(null);
  };

  return { form, errors, update, submit, discard, dirty, saving: save.isPending, formError };
}

export type FintracEditorState = ReturnType<typeof useFintracEditor>;
