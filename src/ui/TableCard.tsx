// A table in its card with the states around it: loading, failed with Retry, or no rows to show.
import type { ReactNode } from 'react';
import { ListError } from './ListPage';
import { LoadingState } from './LoadingState';
import { tableCard } from './table.recipes';

interface TableCardProps<T> {
  /** The read behind the table. */
  query: { isPending: boolean; isError: boolean; data?: T; refetch: () => unknown };
  /** What is said while the rows load (in a frame, beside the spinner). */
  loading: string;
  failed: string;
  /** What to say instead of the table when it has no rows; null while it has some. */
  empty: string | null;
  look?: 'card' | 'frame';
  fill?: boolean;
  /** The table, drawn with what the read answered once it is there. */
  children: (data: T) => ReactNode;
}

export function TableCard<T>({ query, loading, failed, empty, look, fill, children }: TableCardProps<T>) {
  const s = tableCard({ look, fill });
  let body: ReactNode;
  if (query.isPending) {
    body =
      look === 'frame' ? (
        <LoadingState label={loading} />
      ) : (
        <p className={s.state} role="status">
          {loading}
        </p>
      );
  } else if (query.isError) {
    body = <ListError text={failed} onRetry={() => void query.refetch()} className={s.state} />;
  } else if (empty !== null) {
    body = <p className={s.state}>{empty}</p>;
  } else {
    body = children(query.data as T);
  }
  return <div className={s.card}>{body}</div>;
}
