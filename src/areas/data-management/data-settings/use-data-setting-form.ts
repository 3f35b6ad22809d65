// The Data Setting panel's state: what was typed, the locks, the checks and the save. A refused save
// keeps everything typed and says why (spec part 2, section 8: the dialog stays open).
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { hasPermission } from '../../../lib/permissions';
import type { DataSetting } from './data-setting.constants';
import { emptyForm, formFromSetting, toCreateBody, toUpdateBody } from './data-setting.utils';
import { censorshipOptions, fieldLocks, keyPathWarnings, validateForm, type DataSettingForm, type FormErrors } from './data-setting.validation';
import { useCreateDataSettingMutation, useUpdateDataSettingMutation } from '../../../api/data-settings/mutations';

export const FIELD_IDS: Record<keyof FormErrors, string> = {
  keyPath: 'ds-key-path',
  label: 'ds-label',
  configuredFlow: 'ds-flow',
  urlPrefix: 'ds-url-prefix',
  enumSet: 'ds-enum-input',
  censorship: 'ds-censorship',
};

function saveErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return error.message || 'You do not have permission to change this data setting.';
    return error.message;
  }
  return 'The data setting could not be saved. Please try again.';
}

export function useDataSettingForm(setting: DataSetting | null, onCreated: (saved: DataSetting) => void) {
  const agent = useAgent();
  const toast = useToast();
  const mode = setting ? 'edit' : 'add';
  const keyType = setting?.key_type ?? 'CUSTOM';
  const [form, setForm] = useState<DataSettingForm>(() => (setting ? formFromSetting(setting) : emptyForm()));
  const [checked, setChecked] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateDataSettingMutation();
  const update = useUpdateDataSettingMutation(setting?.id ?? 0);
  const saving = create.isPending || update.isPending;

  const canEdit = hasPermission(agent, 'edit_custom_data_settings');
  // Who may read a setting's values is governed by the censorship permissions (the server refuses the rest).
  const censorshipAccess = { edit: hasPermission(agent, 'edit_censorship'), read: hasPermission(agent, 'read_censorship') };
  const locks = fieldLocks({ mode, keyType, storedType: setting?.data_type ?? form.dataType, isInternal: agent.is_internal, canEdit });
  // Errors show once the agent has tried to save, then follow each change.
  const errors: FormErrors = checked ? validateForm(form, mode, keyType) : {};
  const censorships = censorshipOptions(form.classifier, form.dataType, agent.feature_flags.includes('encrypted_censorship'), keyType);

  const set = <K extends keyof DataSettingForm>(key: K, value: DataSettingForm[K]) => {
    setServerError(null);
    setForm((f) => ({ ...f, [key]: value }));
  };

  const save = () => {
    if (locks.all || saving) return;
    setChecked(true);
    const found = validateForm(form, mode, keyType);
    const first = (Object.keys(FIELD_IDS) as (keyof FormErrors)[]).find((k) => found[k]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    setServerError(null);
    const onError = (error: unknown) => setServerError(saveErrorText(error));
    if (!setting) {
      create.mutate(toCreateBody(form), {
        onSuccess: (saved) => {
          toast.show({ message: `Data setting ${saved.user_facing_label} added.`, type: 'Success' });
          onCreated(saved);
        },
        onError,
      });
      return;
    }
    const body = toUpdateBody(form, setting);
    if (!body) {
      toast.show({ message: 'Nothing to save.', type: 'Info' });
      return;
    }
    update.mutate(body, {
      onSuccess: (saved) => {
        setForm(formFromSetting(saved));
        toast.show({ message: `Data setting ${saved.user_facing_label} saved.`, type: 'Success' });
      },
      onError,
    });
  };

  return {
    mode,
    keyType,
    canEdit,
    censorshipAccess,
    form,
    set,
    locks,
    errors,
    warnings: mode === 'add' ? keyPathWarnings(form.keyPath) : [],
    censorships,
    serverError,
    saving,
    save,
  };
}

export type DataSettingFormModel = ReturnType<typeof useDataSettingForm>;
