// The FINTRAC report editor's state (use-filing-editor.ts): an STR's or an LCTR's form, saved with
// the FINTRAC report call.
import { useUpdateFintracReportMutation, type FintracReport } from '../../../api/filings/fintrac';
import { useFilingEditor } from '../use-filing-editor';
import { bodyOf, checkForm, errorsFromDetails, fintracFieldId, formContent, formFromReport } from './fintrac.form';

export const FIX_FIELDS_TEXT = 'The report was not saved: some fields need attention.';
export const SAVE_FAILED_TEXT = 'Failed to save the report. Please try again.';

export function useFintracEditor(report: FintracReport) {
  return useFilingEditor({
    initial: () => formFromReport(report),
    content: formContent,
    check: checkForm,
    body: (form) => bodyOf(form, report.report_type),
    errorsFromDetails,
    fieldId: fintracFieldId,
    save: useUpdateFintracReportMutation(report.id),
    texts: { fixFields: FIX_FIELDS_TEXT, saveFailed: SAVE_FAILED_TEXT, saved: (name) => `${name} saved. Checking it as FINTRAC would…` },
    shownStatuses: [400, 409],
  });
}

export type FintracEditorState = ReturnType<typeof useFintracEditor>;
