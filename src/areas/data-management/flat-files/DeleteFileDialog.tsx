// Deleting a file asks first: the file, its runs and their errors go; rows already loaded stay.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { useToast } from '../../../app/toasts/toast-context';
import * as d from '../../../ui/dialog.styles';
import { button } from '../../../ui/recipes';
import { useDeleteFlatFileMutation, type FlatFile } from './api/flat-file-queries';

export function DeleteFileDialog({ file, onClose }: { file: FlatFile; onClose(): void }) {
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
    <Dialog.Root open onOpenChange={(e) => (e.open ? undefined : onClose())} role="alertdialog" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={d.backdrop} />
        <Dialog.Positioner className={d.positioner}>
          <Dialog.Content className={d.content}>
            <Dialog.Title className={d.title}>Delete {file.file_name}?</Dialog.Title>
            <Dialog.Description className={d.description}>
              The file, its runs and their errors are deleted. Rows it already loaded stay.
            </Dialog.Description>
            {error ? (
              <p className={d.formError} role="alert">
                {error}
              </p>
            ) : null}
            <div className={d.actions}>
              <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
                Cancel
              </button>
              <button type="button" className={button({ variant: 'danger' })} disabled={remove.isPending} onClick={confirm}>
                Delete
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
