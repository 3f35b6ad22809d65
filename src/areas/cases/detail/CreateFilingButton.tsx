// "Create SAR" (create_sars) and "Create STR" (create_fintrac_filings) on a case: writes the filing
// prefilled from the case and opens it.
import { useLocation } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useCreateStrMutation } from '../../../api/filings/fintrac';
import { useCreateSarMutation } from '../../../api/filings/mutations';
import { useToast } from '../../../app/toasts/toast-context';
import { button } from '../../../ui/recipes';
import { fintracPath } from '../../filings/fintrac/fintrac-paths';
import { sarPath } from '../../filings/sar/sar-paths';

export const CREATE_SAR_FAILED_TEXT = 'Failed to create SAR. Please try again.';
export const CREATE_STR_FAILED_TEXT = 'Failed to create STR. Please try again.';

const KINDS = {
  SAR: { useCreate: useCreateSarMutation, path: sarPath, failed: CREATE_SAR_FAILED_TEXT },
  STR: { useCreate: useCreateStrMutation, path: fintracPath, failed: CREATE_STR_FAILED_TEXT },
} as const;

export function CreateFilingButton({ caseId, kind }: { caseId: number; kind: keyof typeof KINDS }) {
  const { useCreate, path, failed } = KINDS[kind];
  const create = useCreate(caseId);
  const toast = useToast();
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      className={button({ variant: 'secondary', size: 'sm' })}
      disabled={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (filing) => {
            toast.show({ message: `${filing.name} created.`, type: 'Success' });
            navigate(path(filing.id));
          },
          onError: (error) => toast.show({ message: error instanceof ApiError && error.status !== 500 ? error.message : failed, type: 'Error' }),
        })
      }
    >
      {create.isPending ? `Creating ${kind}…` : `Create ${kind}`}
    </button>
  );
}
