import { limits } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import styles from './sections.module.css';

interface LoadMoreProps {
  /** Pages loaded so far: the spec's page counter, from 1. */
  page: number;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  shown: number;
  total?: number | undefined;
  label: string;
  controls?: string;
  testId?: string;
}

/**
 * "Add More Games" / "Load More": the next page joins the list. Disabled while a page loads
 * and once page 10 is reached (limits.maxGamePage; SPEC §2), with a line that says the rest is
 * found by searching. At the true end of a list only the end is said: a button that can never
 * be pressed again under "That is as far as the list goes" is noise (issue 25).
 */
export function LoadMore({
  page,
  hasMore,
  loading,
  onMore,
  shown,
  total,
  label,
  controls,
  testId = 'load-more',
}: LoadMoreProps) {
  const { t } = useTranslation();
  const atLimit = page >= limits.maxGamePage;
  // At page 10 the paging stops whatever is left: the end only when the count says so.
  const exhausted = atLimit ? total !== undefined && shown >= total : !hasMore;
  const ended = exhausted && !loading;
  const capped = atLimit && !exhausted && !loading;
  return (
    <div className={styles.more}>
      <p className={styles.count} aria-live="polite" data-testid={`${testId}-count`}>
        {total !== undefined
          ? t('games.more.shown', { shown, total })
          : t('games.more.shownSome', { shown })}
        {ended && (
          <span className={styles.countEnd} data-testid={`${testId}-end`}>
            {' '}
            · {t('games.more.lastPage')}
          </span>
        )}
        {capped && <span className={styles.countEnd}> · {t('games.more.capped')}</span>}
      </p>
      {!ended && (
        <Button
          variant="secondary"
          size="lg"
          className={styles.moreButton}
          onClick={onMore}
          disabled={loading || atLimit}
          aria-controls={controls}
          icon={loading ? <Spinner size={18} /> : undefined}
          data-testid={testId}
          data-page={page}
        >
          {label}
        </Button>
      )}
    </div>
  );
}

/** What `PagedLoadMore` reads of an infinite games query (`useTotalGamesPages`). */
interface PagedGames {
  data?: { pages: { data: readonly unknown[]; total?: number | undefined }[] } | undefined;
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * `LoadMore` under a grid filled by an infinite games query, once the query has games: the
 * page counter, the count shown and the total come from the query's pages.
 */
export function PagedLoadMore({
  query,
  label,
  controls,
}: {
  query: PagedGames;
  label: string;
  controls?: string;
}) {
  const pages = query.data?.pages;
  const shown = pages?.reduce((count, page) => count + page.data.length, 0) ?? 0;
  if (shown === 0) return null;
  return (
    <LoadMore
      page={pages?.length ?? 1}
      hasMore={query.hasNextPage}
      loading={query.isFetching}
      onMore={() => void query.fetchNextPage()}
      shown={shown}
      total={pages?.[0]?.total}
      label={label}
      controls={controls}
    />
  );
}
