// Deleting a file asks first: the file, its runs and their errors go; rows already loaded stay.
import { useState } from 'react';
import { useToast } from '../../../app/toasts/toast-context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useDeleteFlatFileMutation } from '../../../api/flat-files/mutations';
import { type FlatFile } from '../../../api/flat-files/queries';

export function DeleteFileDialog({ file, onClose }: { file: FlatFile; onClose: () => void }) {
  const remove = useDeleteFlatFileMutation();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const confirm = () =>
    remove.mutate(file.id, {
      onSuccess: () => {
        toast.show({ message: `${file.file_name} deleted.`, type: 'Success' });
        onClose();
      },
      onError: (e) => setError(e.message),
    });
  return (
    <ConfirmDialog
      title={`Delete ${file.file_name}?`}
      text="The file, its runs and their errors are deleted. Rows it already loaded stay."
      action="Delete"
      tone="danger"
      busy={remove.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
