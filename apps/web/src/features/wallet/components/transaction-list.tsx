import { Dices, RotateCw, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useTransactions } from '../api/transactions';
import { SkeletonRow, TransactionRow } from './transaction-row';
import styles from './transactions.module.css';

const skeletonRows = 6;

/**
 * The player's statement, newest first, with Load more (keyset pages), and its loading
 * (skeleton rows), empty and error states. `labelledBy` names the list (the section heading).
 */
export function TransactionList({ userId, labelledBy }: { userId: string; labelledBy: string }) {
  const { t } = useTranslation();
  const listId = useId();
  const query = useTransactions(userId);
  const rows = query.data?.pages.flatMap((page) => page.data);

  if (!rows) {
    if (query.isError) {
      return (
        <EmptyState
          variant="inline"
          tone="gold"
          icon={TriangleAlert}
          title={t('wallet.errorTitle')}
          text={t('wallet.errorText')}
          headingLevel={3}
          testId="transactions-error"
          action={
            <Button
              variant="primary"
              icon={<RotateCw size={18} aria-hidden="true" />}
              onClick={() => void query.refetch()}
              data-testid="transactions-retry"
            >
              {t('wallet.retry')}
            </Button>
          }
        />
      );
    }
    return (
      <div role="status" data-testid="transactions-loading">
        <span className="visually-hidden">{t('wallet.loading')}</span>
        <ul className={styles.list} aria-hidden="true">
          {Array.from({ length: skeletonRows }, (_, index) => (
            <SkeletonRow key={index} />
          ))}
        </ul>
      </div>
    );
  }

  if (rows.length === 0) {
    return (
      <EmptyState
        variant="inline"
        icon={Dices}
        title={t('wallet.emptyTitle')}
        text={t('wallet.emptyText')}
        headingLevel={3}
        testId="transactions-empty"
        action={
          <Link to="/" className={buttonClassName({ variant: 'primary' })}>
            {t('wallet.toLobby')}
          </Link>
        }
      />
    );
  }

  const loadingMore = query.isFetchingNextPage;
  return (
    <>
      <ul
        className={styles.list}
        id={listId}
        aria-labelledby={labelledBy}
        aria-busy={loadingMore || undefined}
        data-testid="transactions"
      >
        {rows.map((row) => (
          <TransactionRow key={row.id} transaction={row} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className={styles.more}>
          {query.isFetchNextPageError && (
            <p className={styles.moreError} role="alert">
              {t('wallet.moreError')}
            </p>
          )}
          <Button
            variant="secondary"
            size="lg"
            onClick={() => void query.fetchNextPage()}
            disabled={loadingMore}
            aria-controls={listId}
            icon={loadingMore ? <Spinner size={18} /> : undefined}
            data-testid="transactions-more"
          >
            {t('wallet.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}
