// What stands in for a query's data until it is there: the loading state, then, when the read
// failed, its message with Retry (or a refusal, which Retry would not change); the caller draws the
// data.
import type { ReactNode } from 'react';
import type { PageQuery } from './DataTable';
import { ListError } from './ListPage';
import { listPage } from './list.recipes';
import { LoadingState } from './LoadingState';

interface Props<Data> {
  query: PageQuery<Data>;
  /** What is loading ("Loading rules"). */
  loading: string;
  /** Said, with Retry, when the read failed. */
  failed: string;
  /** Said instead, without Retry, when the server refused the read. */
  refusal?: string | null;
  /** The states fill the list's frame and sit in its middle. */
  fill?: boolean;
  children: (data: Data) => ReactNode;
}

export function Loaded<Data>({ query, loading, failed, refusal, fill, children }: Props<Data>) {
  if (query.isPending) return <LoadingState label={loading} />;
  if (query.isError && refusal)
    return (
      <p className={listPage({ fill }).state} role="alert">
        {refusal}
      </p>
    );
  if (query.isError || query.data === undefined) return <ListError text={failed} onRetry={() => void query.refetch()} fill={fill} />;
  return children(query.data);
}
