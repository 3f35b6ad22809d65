// What every part of the rule editor reads: the typed form, the errors by path, the change
// functions and whether the definition may change. A context, so the nested parts (a variable, a
// group of conditions, one condition) take only their own path.
import type { DataSetting } from '../../../api/data-settings/queries';
import { requiredContext } from '../../../ui/required-context';
import type { FormErrors, RuleForm } from './rule.form';

export interface RuleEditorApi {
  form: RuleForm;
  errors: FormErrors;
  /** Changes the form; `errorPath` names the field whose server message the change answers. */
  update: (change: (form: RuleForm) => RuleForm, errorPath?: string) => void;
  /** The definition (everything but title, description and queue) may not change. */
  specLocked: boolean;
  dataSettings: readonly DataSetting[];
}

export const [RuleEditorContext, useRuleEditorContext] = requiredContext<RuleEditorApi>('useRuleEditorContext outside the rule editor');

/** The element id of the field that shows the error at `path` (slashes are not welcome in selectors). */
export const fieldId = (path: string) => `rule-${path.replaceAll('/', '-') || 'form'}`;
