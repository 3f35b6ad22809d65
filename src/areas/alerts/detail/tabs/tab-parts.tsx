// The pieces every list tab of the alert shares: loading, error with retry, empty, and the pager.
import type { ReactNode } from 'react';
import { LoadingState } from '../../../../ui/LoadingState';
import { button, textLink } from '../../../../ui/recipes';
import * as s from '../alert-detail.styles';

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
