// The two documents of a comparison: beside each other, or the counterpart laid over the shown one
// at the chosen opacity.
import type { CompareCandidate } from './compare.utils';
import { DocumentPreview } from './DocumentPreview';
import type { DocumentItem } from '../../api/documents/queries';
import * as s from './documents.styles';

export function CompareStage({
  shown,
  target,
  overlay,
  zoom,
  opacity,
}: {
  shown: DocumentItem;
  target: CompareCandidate;
  overlay: boolean;
  zoom: number;
  opacity: number;
}) {
  if (overlay) {
    return (
      <section className={s.stage} aria-label="Overlay comparison">
        <figure className={s.figure}>
          <figcaption className={s.caption}>{`${shown.name} under ${target.label} at ${opacity}%`}</figcaption>
          <div className={s.frame}>
            <div className={s.overlayBox}>
              <DocumentPreview doc={shown} zoom={zoom} />
              <div className={s.overlayTop}>
                <DocumentPreview doc={target.doc} zoom={zoom} opacity={opacity} label={`${target.doc.name} (overlay)`} />
              </div>
            </div>
          </div>
        </figure>
      </section>
    );
  }
  return (
    <section className={s.stage} aria-label="Side-by-side comparison">
      <figure className={s.figure}>
        <figcaption className={s.caption}>{shown.name}</figcaption>
        <div className={s.frame}>
          <DocumentPreview doc={shown} zoom={zoom} />
        </div>
      </figure>
      <figure className={s.figure}>
        <figcaption className={s.caption}>{target.label}</figcaption>
        <div className={s.frame}>
          <DocumentPreview doc={target.doc} zoom={zoom} />
        </div>
      </figure>
    </section>
  );
}
