// A document's bytes come from its embed_url: our own content URLs are loaded with the agent's token
// (an <img> could not send it) and shown from an object URL; any other embed_url is a viewer
// elsewhere and is embedded as it is.
import { isOwnContent, useDocumentContentQuery, type DocumentItem } from '../../api/documents/queries';
import { useObjectUrl } from '../../ui/use-object-url';
import { PREVIEW_RETRY_MAX, PREVIEW_RETRY_MS } from './documents.constants';

/**
 * The URL a preview shows: an object URL of our own bytes, or the foreign embed_url. The load is
 * tried again up to 10 times, every 10 s (spec part 2, section 4 "Document preview").
 */
export function usePreviewUrl(doc: DocumentItem | null): { url: string | null; loading: boolean; failed: boolean } {
  const q = useDocumentContentQuery(doc, { retry: PREVIEW_RETRY_MAX, retryDelay: PREVIEW_RETRY_MS });
  const url = useObjectUrl(q.data);
  if (!doc?.embed_url) return { url: null, loading: false, failed: false };
  if (!isOwnContent(doc)) return { url: doc.embed_url, loading: false, failed: false };
  return { url, loading: q.isPending || (!!q.data && !url), failed: q.isError };
}
