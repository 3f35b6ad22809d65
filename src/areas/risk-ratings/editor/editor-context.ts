// What every field of the editor reads: the typed form, the errors by path, the setter and whether
// the model may be edited at all. A context, so the nested groups (segment, parameter, metric,
// mapping) take only their own path.
import { createContext, useContext } from 'react';
import type { DataSetting } from './editor.types';
import type { FormErrors, RiskModelForm } from './riskModel.form';

export interface EditorApi {
  form: RiskModelForm;
  errors: FormErrors;
  /** Sets the value at a dot path of the form. */
  set: (path: string, value: unknown) => void;
  readOnly: boolean;
  dataSettings: readonly DataSetting[];
}

export const EditorContext = createContext<EditorApi | null>(null);

export function useEditor(): EditorApi {
  const api = useContext(EditorContext);
  if (!api) throw new Error('useEditor outside the risk model editor');
  return api;
}

/** An element id for the field at a path (dots are not welcome in ids used by selectors). */
export const fieldId = (path: string) => `rm-${path.replaceAll('.', '-')}`;
