// "Create STR" on a case (create_fintrac_filings): writes a FINTRAC suspicious transaction report
// prefilled from the case and opens it.
import { useLocation } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useCreateStrMutation } from '../../../api/filings/fintrac';
import { useToast } from '../../../app/toasts/toast-context';
import { button } from '../../../ui/recipes';
import { fintracPath } from '../../filings/fintrac/fintrac-paths';

export const CREATE_STR_FAILED_TEXT = 'Failed to create STR. Please try again.';

export function CreateStrButton({ caseId }: { caseId: number }) {
  const create = useCreateStrMutation(caseId);
  const toast = useToast();
  const [, navigate] = useLocation();
  return (
    <button
      type="button"
      className={button({ variant: 'secondary', size: 'sm' })}
      disabled={create.isPending}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (report) => {
            toast.show({ message: `${report.name} created.`, type: 'Success' });
            navigate(fintracPath(report.id));
          },
          onError: (error) =>
            toast.show({ message: error instanceof ApiError && error.status !== 500 ? error.message : CREATE_STR_FAILED_TEXT, type: 'Error' }),
        })
      }
    >
      {create.isPending ? 'Creating STR…' : 'Create STR'}
    </button>
  );
}
