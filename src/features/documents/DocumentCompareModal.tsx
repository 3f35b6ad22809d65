// The transaction document modal (spec part 2, sections 2 and 4), driven by
// machines/documentCompare.machine.ts: View Documents, Image Comparison against other documents,
// Image Comparison against other checks; Side-by-side or Overlay with the opacity slider; zoom;
// Back (overlay to side-by-side, comparison to View Documents) and Cancel.
import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { useMachine } from '@xstate/react';
import { useEffect, useEffectEvent } from 'react';
import { documentCompareMachine } from '../../../machines/documentCompare.machine';
import { LoadingState } from '../../ui/LoadingState';
import { button } from '../../ui/recipes';
import { CompareStage } from './CompareStage';
import { CompareToolbar } from './CompareToolbar';
import { checkOwner, defaultCandidate, otherCheckCandidates, otherDocumentCandidates } from './compare.utils';
import { DocumentList } from './DocumentList';
import { DocumentPreview } from './DocumentPreview';
import { downloadDocument, isCheckImage } from './document.utils';
import { useCheckTransactionsQuery, useEntityDocumentsQuery } from '../../api/documents/queries';
import { type TransactionEvent } from '../../api/transactions/queries';
import { CHECKS_FAILED, MODE_LABELS, NO_CHECK_IMAGES, NO_DOCUMENTS, NO_VALID_CHECK_IMAGES } from './documents.constants';
import * as s from './documents.styles';

export interface DocumentCompareModalProps {
  transaction: TransactionEvent;
  /** the document shown first */
  documentId: number | null;
  onClose: () => void;
}

/** Mounted while open: each opening starts a fresh machine. */
export function DocumentCompareModal({ transaction: t, documentId, onClose }: DocumentCompareModalProps) {
  const [state, send] = useMachine(documentCompareMachine, { input: { documentId: documentId ?? t.documents[0]?.id ?? null } });
  const { context } = state;
  const comparingDocuments = state.matches({ open: 'compareDocuments' });
  const comparingChecks = state.matches({ open: 'compareChecks' });
  const overlay = state.matches({ open: { compareDocuments: 'overlay' } }) || state.matches({ open: { compareChecks: 'overlay' } });
  const shown = t.documents.find((d) => d.id === context.documentId) ?? null;

  const owner = checkOwner(t);
  const entityDocs = useEntityDocumentsQuery(owner?.id ?? null, comparingDocuments);
  const checks = useCheckTransactionsQuery(owner?.external_id ?? null, comparingChecks);
  const candidates = comparingDocuments
    ? otherDocumentCandidates(t, context.documentId, entityDocs.data?.documents ?? [])
    : comparingChecks
      ? otherCheckCandidates(t, checks.data?.txn_events ?? [])
      : [];
  const target = candidates.find((c) => c.doc.id === context.targetId) ?? null;
  const loading = (comparingDocuments && entityDocs.isPending) || (comparingChecks && checks.isPending);

  const close = useEffectEvent(onClose);
  useEffect(() => {
    if (state.status === 'done') close();
  }, [state.status]);
  // a comparison starts against the likeliest counterpart once the candidates are in
  useEffect(() => {
    if ((comparingDocuments || comparingChecks) && context.targetId === null) {
      const first = defaultCandidate(shown, candidates);
      if (first) send({ type: 'compare.target', id: first.doc.id });
    }
  });

  const mode = comparingDocuments ? 'compareDocuments' : comparingChecks ? 'compareChecks' : 'view';
  const hasCheck = t.documents.some(isCheckImage);
  let stage;
  if (t.documents.length === 0 || !shown) stage = <p className={s.empty}>{NO_DOCUMENTS}</p>;
  else if (mode === 'view') {
    stage = (
      <>
        <DocumentList documents={t.documents} selectedId={shown.id} onSelect={(id) => send({ type: 'document.select', id })} />
        <section className={s.stage} aria-label="Preview">
          <figure className={s.figure}>
            <figcaption className={s.caption}>{shown.name}</figcaption>
            <div className={s.frame}>
              <DocumentPreview doc={shown} zoom={context.zoom} />
            </div>
          </figure>
        </section>
      </>
    );
  } else if (mode === 'compareChecks' && !hasCheck) stage = <p className={s.empty}>{NO_CHECK_IMAGES}</p>;
  else if (loading) stage = <LoadingState label="Loading documents to compare" />;
  else if (mode === 'compareChecks' && checks.isError) stage = <p className={s.empty}>{CHECKS_FAILED}</p>;
  else if (!target) stage = <p className={s.empty}>{mode === 'compareChecks' ? NO_VALID_CHECK_IMAGES : NO_DOCUMENTS}</p>;
  else stage = <CompareStage shown={shown} target={target} overlay={overlay} zoom={context.zoom} opacity={context.opacity} />;

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && send({ type: 'modal.cancel' })}>
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.content}>
            <header className={s.header}>
              <Dialog.Title className={s.title}>{`Documents of ${t.external_id}`}</Dialog.Title>
              <span className={s.modes} role="group" aria-label="Mode">
                {(['view', 'compareDocuments', 'compareChecks'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    className={button({ size: 'sm' })}
                    aria-pressed={mode === m}
                    onClick={() => send({ type: m === 'view' ? 'modal.back' : m === 'compareDocuments' ? 'compare.documents' : 'compare.checks' })}
                    disabled={mode === m || (m === 'view' && overlay)}
                  >
                    {MODE_LABELS[m]}
                  </button>
                ))}
              </span>
            </header>
            {mode !== 'view' && target && (
              <div className={s.footer}>
                <CompareToolbar
                  candidates={candidates}
                  targetId={context.targetId}
                  onTarget={(id) => send({ type: 'compare.target', id })}
                  overlay={overlay}
                  onView={(v) => send({ type: v === 'overlay' ? 'compare.overlay' : 'compare.sideBySide' })}
                  opacity={context.opacity}
                  onOpacity={(value) => send({ type: 'compare.opacity', value })}
                />
              </div>
            )}
            <div className={s.body}>{stage}</div>
            <footer className={s.footer}>
              <span className={s.group} role="group" aria-label="Zoom">
                <button type="button" className={button({ size: 'sm' })} onClick={() => send({ type: 'zoom.out' })} disabled={!state.can({ type: 'zoom.out' })}>
                  Zoom out
                </button>
                <button type="button" className={button({ size: 'sm' })} onClick={() => send({ type: 'zoom.in' })} disabled={!state.can({ type: 'zoom.in' })}>
                  Zoom in
                </button>
              </span>
              {mode === 'view' && shown && (
                <button type="button" className={button({ size: 'sm' })} onClick={() => void downloadDocument(shown)}>
                  Download
                </button>
              )}
              <span className={s.spacer} />
              {state.can({ type: 'modal.back' }) && (
                <button type="button" className={button({ size: 'sm' })} onClick={() => send({ type: 'modal.back' })}>
                  Back
                </button>
              )}
              <button type="button" className={button({ size: 'sm', variant: 'primary' })} onClick={() => send({ type: 'modal.cancel' })}>
                Cancel
              </button>
            </footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
