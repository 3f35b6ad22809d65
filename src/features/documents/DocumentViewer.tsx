// The Document viewer (spec part 2, section 2): a full-screen modal with the document list, the
// preview, Close and Download; Delete for agents who may (the server decides, the toast says how it
// went). "No documents available." when there are none.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useState } from 'react';
import { useToast } from '../../app/toasts/toast-context';
import { button } from '../../ui/recipes';
import { DocumentList } from './DocumentList';
import { DocumentPreview } from './DocumentPreview';
import { downloadDocument } from './document.utils';
import { useDeleteAttachmentMutation, type DocumentOwner } from '../../api/documents/mutations';
import { type DocumentItem } from '../../api/documents/queries';
import { DELETE_FAILED, DELETE_SUCCESS, NO_DOCUMENTS } from './documents.constants';
import * as s from './documents.styles';

export interface DocumentViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  documents: readonly DocumentItem[];
  /** whose documents they are: a delete refreshes the owner */
  owner: DocumentOwner;
  /** the document shown first (default: the first) */
  initialId?: number | null;
  /** offer Delete (the agent holds the owner's edit permission) */
  canDelete?: boolean;
  title?: string;
}

export function DocumentViewer({ open, onOpenChange, documents, owner, initialId = null, canDelete = false, title = 'Document viewer' }: DocumentViewerProps) {
  const toast = useToast();
  const [selectedId, setSelectedId] = useState<number | null>(() => (open ? (initialId ?? documents[0]?.id ?? null) : initialId));
  const [confirming, setConfirming] = useState(false);
  // each opening (or another first document) starts from the document asked for; set while rendering
  const [shownFor, setShownFor] = useState({ open, initialId });
  if (shownFor.open !== open || shownFor.initialId !== initialId) {
    setShownFor({ open, initialId });
    if (open) setSelectedId(initialId ?? documents[0]?.id ?? null);
  }
  const selected = documents.find((d) => d.id === selectedId) ?? documents[0] ?? null;
  const remove = useDeleteAttachmentMutation(owner);
  const confirmDelete = () => {
    if (!selected) return;
    remove.mutate(selected.id, {
      onSuccess: ({ id }) => {
        setSelectedId(documents.find((d) => d.id !== id)?.id ?? null);
        toast.show({ message: DELETE_SUCCESS, type: 'Success' });
      },
      onError: () => toast.show({ message: DELETE_FAILED, type: 'Error' }),
      onSettled: () => setConfirming(false),
    });
  };
  const download = () => {
    if (selected) void downloadDocument(selected).catch(() => toast.show({ message: 'Failed to download the document.', type: 'Error' }));
  };

  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.content}>
            <header className={s.header}>
              <Dialog.Title className={s.title}>{title}</Dialog.Title>
              {selected && (
                <button type="button" className={button({ size: 'sm' })} onClick={download}>
                  Download
                </button>
              )}
              {selected && canDelete && !confirming && (
                <button type="button" className={button({ size: 'sm', variant: 'ghost' })} onClick={() => setConfirming(true)}>
                  Delete
                </button>
              )}
              {selected && confirming && (
                <span className={s.confirm} role="group" aria-label="Confirm delete">
                  {`Delete ${selected.name}?`}
                  <button type="button" className={button({ size: 'sm', variant: 'danger' })} onClick={confirmDelete} disabled={remove.isPending}>
                    Delete attachment
                  </button>
                  <button type="button" className={button({ size: 'sm', variant: 'ghost' })} onClick={() => setConfirming(false)}>
                    Keep
                  </button>
                </span>
              )}
              <Dialog.CloseTrigger className={button({ size: 'sm', variant: 'primary' })}>Close</Dialog.CloseTrigger>
            </header>
            <div className={s.body}>
              {documents.length === 0 || !selected ? (
                <p className={s.empty}>{NO_DOCUMENTS}</p>
              ) : (
                <>
                  <DocumentList documents={documents} selectedId={selected.id} onSelect={setSelectedId} />
                  <section className={s.stage} aria-label="Preview">
                    <figure className={s.figure}>
                      <figcaption className={s.caption}>{selected.name}</figcaption>
                      <div className={s.frame}>
                        <DocumentPreview doc={selected} />
                      </div>
                    </figure>
                  </section>
                </>
              )}
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
