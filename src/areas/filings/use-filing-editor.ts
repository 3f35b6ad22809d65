// A filing editor's state (a SAR, a FINTRAC report): the form as typed, the editor's own checks
// (once a save was tried), the save and what the server refused, each message at its field. A
// refused save keeps everything typed; a saved filing is validated again by the server (its status
// polls until the check is done).
import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { useToast } from '../../app/toasts/toast-context';

export interface FilingEditorOptions<F, B> {
  /** the form of the filing as last saved */
  initial: () => F;
  /** the form's content as one text, to tell whether it changed */
  content: (form: F) => string;
  /** the editor's own checks, by field path */
  check: (form: F) => Record<string, string>;
  body: (form: F) => B;
  /** the server's 400 details, by field path */
  errorsFromDetails: (details: ReadonlyArray<{ path?: string; message: string }>) => Record<string, string>;
  /** the element id of a field path */
  fieldId: (path: string) => string;
  save: UseMutationResult<{ name: string }, Error, B>;
  texts: { fixFields: string; saveFailed: string; saved: (name: string) => string };
  /** statuses whose message the form shows as it is (others say saveFailed) */
  shownStatuses: readonly number[];
}

/** Focuses the first field showing an error, in the page's order. */
function focusFirst(paths: readonly string[], fieldId: (path: string) => string) {
  const fields = paths.flatMap((path) => document.getElementById(fieldId(path)) ?? []);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]?.focus();
}

export function useFilingEditor<F, B>(o: FilingEditorOptions<F, B>) {
  const toast = useToast();
  const [form, setForm] = useState<F>(o.initial);
  const [base, setBase] = useState(() => o.content(form));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = o.content(form) !== base;

  const errors: Record<string, string> = { ...serverErrors, ...(checked ? o.check(form) : {}) };

  const update = (change: (f: F) => F, path?: string) => {
    setForm(change);
    setFormError(null);
    if (path !== undefined && path in serverErrors) setServerErrors(({ [path]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    if (o.save.isPending) return;
    setChecked(true);
    setFormError(null);
    const local = o.check(form);
    if (Object.keys(local).length) {
      setFormError(o.texts.fixFields);
      requestAnimationFrame(() => focusFirst(Object.keys(local), o.fieldId));
      return;
    }
    o.save.mutate(o.body(form), {
      onSuccess: (saved) => {
        toast.show({ message: o.texts.saved(saved.name), type: 'Success' });
        setServerErrors({});
        setChecked(false);
        setBase(o.content(form));
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 400 && error.details.length) {
          const found = o.errorsFromDetails(error.details);
          setServerErrors(found);
          setFormError(o.texts.fixFields);
          requestAnimationFrame(() => focusFirst(Object.keys(found), o.fieldId));
        } else {
          setFormError(error instanceof ApiError && o.shownStatuses.includes(error.status) ? error.message : o.texts.saveFailed);
        }
      },
    });
  };

  const discard = () => {
    setForm(o.initial());
    setServerErrors({});
    setChecked(false);
    setFormError(null);
  };

  return { form, errors, update, submit, discard, dirty, saving: o.save.isPending, formError };
}
