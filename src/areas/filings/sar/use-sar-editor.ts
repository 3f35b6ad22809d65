// The SAR editor's state (use-filing-editor.ts): FinCEN's SAR form, saved with the SAR filing call.
import { useUpdateSarFilingMutation } from '../../../api/filings/mutations';
import type { SarFiling } from '../../../api/filings/queries';
import { useFilingEditor } from '../use-filing-editor';
import { bodyOf, checkForm, errorsFromDetails, fieldId, formContent, formFromFiling } from './sar.form';

export const FIX_FIELDS_TEXT = 'The SAR was not saved: some fields need attention.';
export const SAVE_FAILED_TEXT = 'Failed to save SAR. Please try again.';

export function useSarEditor(filing: SarFiling) {
  return useFilingEditor({
    initial: () => formFromFiling(filing),
    content: formContent,
    check: checkForm,
    body: bodyOf,
    errorsFromDetails,
    fieldId,
    save: useUpdateSarFilingMutation(filing.id),
    texts: { fixFields: FIX_FIELDS_TEXT, saveFailed: SAVE_FAILED_TEXT, saved: (name) => `${name} saved. Checking it as FinCEN would…` },
    shownStatuses: [409],
  });
}

export type SarEditorState = ReturnType<typeof useSarEditor>;
