// The document list of the viewer and of the transaction document modal: one button per document,
// the shown one marked as current.
import { compactTime } from '../../lib/time';
import type { DocumentItem } from '../../api/documents/queries';
import * as s from './documents.styles';

export function DocumentList({
  documents,
  selectedId,
  onSelect,
}: {
  documents: readonly DocumentItem[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  return (
    <nav className={s.list} aria-label="Document list">
      {documents.map((d) => (
        <button key={d.id} type="button" className={s.listItem} aria-current={d.id === selectedId} onClick={() => onSelect(d.id)}>
          {d.name}
          <span className={s.itemMeta}>{`${d.media_type} · ${compactTime(d.created_at)}`}</span>
        </button>
      ))}
    </nav>
  );
}
