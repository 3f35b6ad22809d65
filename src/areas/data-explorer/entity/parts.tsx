// Small pieces the entity and instrument pages share: tab states, the pager, a toned badge, and the
// details fields with the Show/Hide Empty Fields toggle.
import type { ReactNode } from 'react';
import { FieldList, ShowEmptyFieldsToggle, useShowEmptyFields, type FieldItem } from '../../../features/field-list/FieldList';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { badge, badgeDot } from '../../../features/work/work.styles';
import * as s from './entity.styles';
import type { Tone } from './entity.utils';

export function TabLoading({ label }: { label: string }) {
  return <LoadingState label={label} />;
}

export function TabError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={s.stateBox} role="alert">
      {message}
      <button type="button" className={textLink()} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function TabEmpty({ children }: { children: ReactNode }) {
  return <p className={s.empty}>{children}</p>;
}

export function Pager({
  offset,
  limit,
  count,
  onChange,
  label,
}: {
  offset: number;
  limit: number;
  count: number;
  onChange: (offset: number) => void;
  label: string;
}) {
  if (count <= limit && offset === 0) return null;
  const from = count === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, count);
  return (
    <nav className={s.pager} aria-label={label}>
      <span aria-live="polite">{`${from}–${to} of ${count}`}</span>
      <button
        type="button"
        className={button({ variant: 'secondary', size: 'sm' })}
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        Previous
      </button>
      <button
        type="button"
        className={button({ variant: 'secondary', size: 'sm' })}
        disabled={offset + limit >= count}
        onClick={() => onChange(offset + limit)}
      >
        Next
      </button>
    </nav>
  );
}

export function ToneBadge({ tone, children, title }: { tone: Tone; children: ReactNode; title?: string }) {
  return (
    <span className={badge({ tone })} data-tone={tone} title={title}>
      <span className={badgeDot} aria-hidden="true" />
      {children}
    </span>
  );
}

/** A details section's fields with the shared Show/Hide Empty Fields toggle (one choice per browser). */
export function DetailsFields({ fields, label }: { fields: readonly FieldItem[]; label: string }) {
  const [showEmpty, setShowEmpty] = useShowEmptyFields();
  return (
    <div className={s.sectionBody}>
      <ShowEmptyFieldsToggle showEmpty={showEmpty} onChange={setShowEmpty} />
      <FieldList fields={fields} showEmpty={showEmpty} label={label} />
    </div>
  );
}
