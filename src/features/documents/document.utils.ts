// What a document is, and saving one: helpers of the documents widgets over the documents' reads.
import { fetchDocumentBlob, type DocumentItem } from '../../api/documents/queries';

export const isImage = (d: Pick<DocumentItem, 'mime_type'>) => d.mime_type.toLowerCase().startsWith('image/');
export const isCheckImage = (d: Pick<DocumentItem, 'media_type' | 'mime_type'>) => d.media_type === 'CHECK_IMAGE' && isImage(d);

/** Saves the document's file under its name. */
export async function downloadDocument(doc: DocumentItem): Promise<void> {
  const blob = await fetchDocumentBlob(doc.id, true);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = doc.name;
  document.body.append(a);
  a.click();
  a.remove();
  // the browser has taken the file once click() returns; a moment later the URL can go
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
