// One document's preview: the image or PDF its embed_url points at, loaded (and retried) with the
// agent's token; "Preview unavailable" when there is no embed url or the loads keep failing.
import { ZOOM_LEVELS } from '../../../machines/documentCompare.machine';
import { LoadingState } from '../../ui/LoadingState';
import { isImage } from './document.utils';
import { usePreviewUrl } from './use-preview-url';
import { type DocumentItem } from '../../api/documents/queries';
import { PREVIEW_UNAVAILABLE } from './documents.constants';
import * as s from './documents.styles';

/** The natural width of the seed's largest images; zoom 1 fits this. */
const BASE_WIDTH = 720;

export function DocumentPreview({
  doc,
  zoom = ZOOM_LEVELS.indexOf(1),
  opacity,
  label,
}: {
  doc: DocumentItem;
  zoom?: number;
  opacity?: number;
  label?: string;
}) {
  const { url, loading, failed } = usePreviewUrl(doc);
  if (!doc.embed_url || failed) return <p className={s.empty}>{PREVIEW_UNAVAILABLE}</p>;
  if (loading || !url) return <LoadingState label={`Loading ${doc.name}`} />;
  const width = Math.round(BASE_WIDTH * (ZOOM_LEVELS[zoom] ?? 1));
  if (!isImage(doc)) return <iframe className={s.pdf} title={label ?? doc.name} src={url} />;
  return (
    <img
      className={s.image}
      src={url}
      alt={label ?? doc.name}
      style={{ width, opacity: opacity === undefined ? undefined : opacity / 100 }}
      draggable={false}
    />
  );
}
