// The editor's state: the form as typed, the shared checks (shown once a save was tried, then
// following every change), the save and what the server refused, each message at its field. The
// server decides: a save is sent even when the shared checks find problems, and a refused save
// keeps everything typed.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useToast } from '../../../app/toasts/toast-context';
import { useCreateRuleMutation, useUpdateRuleMutation } from '../../../api/rules/mutations';
import type { Rule } from '../../../api/rules/queries';
import { rulePath } from '../rule-paths';
import { fieldId } from './editor-context';
import { blankForm, bodyOf, checkForm, errorsByPath, formContent, formFromRule, type FormErrors, type RuleForm } from './rule.form';

export const FIX_FIELDS_TEXT = 'The rule was not saved: some fields need attention.';
export const SAVE_FAILED_TEXT = 'The rule could not be saved. Please try again.';

/** Focuses the first field showing an error, in the page's order. */
function focusFirst(paths: readonly string[]) {
  const fields = paths.flatMap((path) => document.getElementById(fieldId(path)) ?? []);
  fields.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0]?.focus();
}

export function useRuleEditor(rule: Rule | null) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const create = useCreateRuleMutation();
  const save = useUpdateRuleMutation(rule?.id ?? 0);
  const [form, setForm] = useState<RuleForm>(() => (rule ? formFromRule(rule) : blankForm()));
  const [base] = useState(() => formContent(form));
  const [loaded] = useState(() => (rule ? { form, spec: rule.spec } : undefined));
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const dirty = formContent(form) !== base;
  const saving = create.isPending || save.isPending;

  // the shared checks win where both speak: they follow what is typed now
  const errors: FormErrors = { ...serverErrors, ...(checked ? checkForm(form) : {}) };

  const update = (change: (f: RuleForm) => RuleForm, errorPath?: string) => {
    setForm(change);
    setFormError(null);
    if (errorPath !== undefined && errorPath in serverErrors) setServerErrors(({ [errorPath]: _gone, ...rest }) => rest);
  };

  const submit = () => {
    if (saving) return;
    setChecked(true);
    setFormError(null);
    const body = bodyOf(form, loaded);
    const options = {
      onSuccess: (saved: Rule) => {
        toast.show({ message: `${saved.title} saved.`, type: 'Success' });
        navigate(rulePath(saved.id, 'definition'));
      },
      onError: (error: Error) => {
        if (error instanceof ApiError && error.status === 400 && error.details.length) {
          const found = errorsByPath(error.details, form);
          setServerErrors(found);
          setFormError(FIX_FIELDS_TEXT);
          const local = checkForm(form);
          requestAnimationFrame(() => focusFirst([...Object.keys(found), ...Object.keys(local)]));
        } else {
          setFormError(error instanceof ApiError ? error.message : SAVE_FAILED_TEXT);
        }
      },
    };
    if (rule) save.mutate(body, options);
    else create.mutate(body, options);
  };

  return { form, errors, update, submit, dirty, saving, formError };
}

export type RuleEditorState = ReturnType<typeof useRuleEditor>;
