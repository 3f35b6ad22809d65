// "Add alerts" on a case: choose alerts, POST /api/cases/{id}/alerts; the dialog keeps the choice
// when the server refuses and says why.
import { useState } from 'react';
import { ApiError } from '../../../api/errors';
import { useToast } from '../../../app/toasts/toast-context';
import { useAddCaseAlertsMutation } from '../../../api/cases/mutations';
import { type Case } from '../../../api/cases/queries';
import { AlertPickerDialog } from './AlertPickerDialog';

export const ADD_ALERTS_FAILED = 'Failed to add alerts to the case. Please try again.';

export function addAlertsErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return ADD_ALERTS_FAILED;
  if (error.status === 409) return 'Alerts cannot be added to a closed case.';
  if (error.status === 404) return 'One of the alerts does not exist or you do not have access to it.';
  if (error.status === 403) return 'You do not have permission to add alerts to cases.';
  return error.status >= 500 || !error.message ? ADD_ALERTS_FAILED : error.message;
}

export function AddAlertsDialog({ kase, open, onClose }: { kase: Case; open: boolean; onClose: () => void }) {
  const add = useAddCaseAlertsMutation(kase.id);
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <AlertPickerDialog
      open={open}
      title="Add alerts"
      description={`Adds the chosen alerts and their entities to case ${kase.id}.`}
      confirmLabel="Add alerts"
      excludeIds={kase.alerts.map((a) => a.id)}
      busy={add.isPending}
      error={error}
      onClose={close}
      onConfirm={(ids) => {
        setError(null);
        add.mutate(ids, {
          onSuccess: () => {
            toast.show({ message: ids.length === 1 ? 'Added 1 alert to the case.' : `Added ${ids.length} alerts to the case.`, type: 'Success' });
            close();
          },
          onError: (e) => setError(addAlertsErrorMessage(e)),
        });
      }}
    />
  );
}
