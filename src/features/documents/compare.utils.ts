// What a document can be compared with. "Other documents" are the transaction's other documents and
// those of its entity and the entity's instruments (ID card, signature card); "other checks" are the
// check images of the entity's other check transactions (GET /entities/{externalId}/check-image-transactions).
import { isCheckImage, isImage } from './document.utils';
import { type DocumentItem } from '../../api/documents/queries';
import { type TransactionEvent } from '../../api/transactions/queries';

export interface CompareCandidate {
  doc: DocumentItem;
  /** what the picker says: the document's name, with where it comes from */
  label: string;
}

/** The entity whose checks these are: the receiver of a deposit, else the sender. */
export function checkOwner(t: Pick<TransactionEvent, 'receiver_entity' | 'sender_entity'>) {
  return t.receiver_entity ?? t.sender_entity ?? null;
}

export function otherDocumentCandidates(t: TransactionEvent, shownId: number | null, entityDocuments: readonly DocumentItem[]): CompareCandidate[] {
  const own = t.documents.filter((d) => d.id !== shownId && isImage(d)).map((doc) => ({ doc, label: `${doc.name} (this transaction)` }));
  const seen = new Set(own.map((c) => c.doc.id));
  const owner = checkOwner(t);
  const theirs = entityDocuments
    .filter((d) => d.id !== shownId && !seen.has(d.id) && isImage(d))
    .map((doc) => ({ doc, label: `${doc.name} (${owner?.name_readable ?? 'entity'})` }));
  return [...own, ...theirs];
}

export function otherCheckCandidates(t: TransactionEvent, checks: readonly TransactionEvent[]): CompareCandidate[] {
  return checks.filter((c) => c.id !== t.id).flatMap((c) => c.documents.filter(isCheckImage).map((doc) => ({ doc, label: `${doc.name} (${c.external_id})` })));
}

const side = (name: string) => (/back/i.test(name) ? 'back' : /front/i.test(name) ? 'front' : null);

/** The counterpart picked first: the same side of a check (front with front), else the first. */
export function defaultCandidate(shown: DocumentItem | null, candidates: readonly CompareCandidate[]): CompareCandidate | null {
  const wanted = shown ? side(shown.name) : null;
  return candidates.find((c) => wanted !== null && side(c.doc.name) === wanted) ?? candidates[0] ?? null;
}
