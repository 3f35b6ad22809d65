// A row of document chips: the first two, then "+N more" (spec part 2, section 9). Each chip opens
// that document; "+N more" opens the list at the third.
import type { DocumentItem } from '../../api/documents/queries';
import { CHIPS_SHOWN, NO_DOCUMENTS } from './documents.constants';
import * as s from './documents.styles';

export interface DocumentChipsProps {
  documents: readonly DocumentItem[];
  onOpen: (doc: DocumentItem) => void;
}

export function DocumentChips({ documents, onOpen }: DocumentChipsProps) {
  if (documents.length === 0) return <p className={s.note}>{NO_DOCUMENTS}</p>;
  const shown = documents.slice(0, CHIPS_SHOWN);
  const more = documents.length - shown.length;
  return (
    <ul className={s.chips} aria-label="Documents">
      {shown.map((d) => (
        <li key={d.id}>
          <button type="button" className={s.chip} onClick={() => onOpen(d)} title={d.name}>
            <span className={s.chipText}>{d.name}</span>
          </button>
        </li>
      ))}
      {more > 0 && (
        <li>
          <button type="button" className={s.chip} onClick={() => onOpen(documents[CHIPS_SHOWN])} aria-label={`${more} more documents`}>
            {`+${more} more`}
          </button>
        </li>
      )}
    </ul>
  );
}
