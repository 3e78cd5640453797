import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Spinner } from '../spinner/spinner';
import styles from './query-state.module.css';

interface QueryStateProps<Data> {
  query: { isPending: boolean; isError: boolean; data: Data | undefined; refetch: () => unknown };
  /** The line beside the spinner while the query runs. */
  loading: string;
  /** What a failed query says, above the Retry button. */
  error: string;
  retry: string;
  /** The state's own frame where it is not the muted row (the support thread's column). */
  className?: string | undefined;
  children: (data: Data) => ReactNode;
}

/**
 * A query's answer, or while it runs a spinner with a status line, or when it failed the
 * reason with a Retry button (the help centre, the information pages, the support thread).
 */
export function QueryState<Data>({
  query,
  loading,
  error,
  retry,
  className = styles.state,
  children,
}: QueryStateProps<Data>) {
  if (query.isPending) {
    return (
      <p className={className} role="status">
        <Spinner size={18} />
        {loading}
      </p>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <div className={className} role="alert">
        <p>{error}</p>
        <Button size="sm" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    );
  }
  return children(query.data);
}
