// "Create SAR" on a case (create permission): writes a SAR prefilled from the case and opens it.
import { useLocation } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useCreateSarMutation } from '../../../api/filings/mutations';
import { useToast } from '../../../app/toasts/toast-context';
import { button } from '../../../ui/recipes';
import { sarPath } from '../../filings/sar/sar-paths';

export const CREATE_SAR_FAILED_TEXT = 'Failed to create SAR. Please try again.';

export function CreateSarButton({ caseId }: { caseId: number }) {
  const create = useCreateSarMutation(caseId);
  const toast = useToast();
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      className={button({ variant: 'secondary', size: 'sm' })}
      disabled={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (sar) => {
            toast.show({ message: `${sar.name} created.`, type: 'Success' });
            navigate(sarPath(sar.id));
          },
          onError: (error) =>
            toast.show({ message: error instanceof ApiError && error.status !== 500 ? error.message : CREATE_SAR_FAILED_TEXT, type: 'Error' }),
        })
      }
    >
      {create.isPending ? 'Creating SAR…' : 'Create SAR'}
    </button>
  );
}
