// What an entity or instrument panel shows until its record is there: that none is chosen, the
// loading state, that it does not exist (or is not the agent's to open), or the failure with Retry.
import type { ReactNode } from 'react';
import { ApiError } from '../../../api/errors';
import { LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';
import * as s from '../entity/entity.styles';

interface RecordRead {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Null once the record is there. */
export function recordPanelState(noun: 'entity' | 'instrument', id: number, read: RecordRead, failed: string): ReactNode {
  if (!id) return <p className={s.secondary}>{`No ${noun} is selected.`}</p>;
  if (read.isPending) return <LoadingState label={`Loading the ${noun}`} />;
  if (!read.isError) return null;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return read.error instanceof ApiError && read.error.status === 404 ? (
    <p className={s.secondary}>{`${Noun} ${id} does not exist or you may not open it.`}</p>
  ) : (
    <LoadError message={failed} onRetry={() => void read.refetch()} />
  );
}
