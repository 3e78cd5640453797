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
 * "Add More Games" / "Load More": the next page joins the list. Disabled once page 10 is
 * reached (limits.maxGamePage), while a page loads, or when there is nothing more (SPEC §2).
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
  const end = atLimit || !hasMore;
  return (
    <div className={styles.more}>
      <p className={styles.count} aria-live="polite" data-testid={`${testId}-count`}>
        {total !== undefined
          ? t('games.more.shown', { shown, total })
          : t('games.more.shownSome', { shown })}
        {end && !loading && <span className={styles.countEnd}> · {t('games.more.lastPage')}</span>}
      </p>
      <Button
        variant="secondary"
        size="lg"
        className={styles.moreButton}
        onClick={onMore}
        disabled={loading || end}
        aria-controls={controls}
        icon={loading ? <Spinner size={18} /> : undefined}
        data-testid={testId}
        data-page={page}
      >
        {label}
      </Button>
    </div>
  );
}
