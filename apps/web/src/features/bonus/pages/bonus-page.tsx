import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useAuthStore } from '../../auth';
import { useBonusOverview } from '../api/bonus';
import { ActiveBonus } from '../components/active-bonus';
import { HistoryList, OfferList } from '../components/offer-list';
import { QueuedBonuses } from '../components/queued-bonuses';
import { DailyCard, FeaturedCard, PromoCodeCard } from '../components/top-cards';
import styles from '../components/bonus.module.css';
import { registerBonusMessages } from '../../../shared/i18n/bonus/register';

// The bonus page is its own chunk; its texts travel with it.
registerBonusMessages();

/**
 * /profile/bonus (SPEC §2 "Bonus page", on real data): the promo card, promo-code activation
 * and the daily bonus on top; the open bonus with its wagering; the offers; finished ones.
 */
export function BonusPage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const overview = useBonusOverview(user?.id ?? '');
  if (!user) return null; // the route guard keeps guests out

  return (
    <Page title={t('pages.bonus.title')}>
      {overview.isPending ? (
        <div className={styles.loading} data-testid="bonus-loading" aria-busy="true">
          <Spinner size={28} />
        </div>
      ) : overview.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title={t('bonus.loadFailed')}
          text={t('errors.generic')}
          testId="bonus-error"
          action={
            <Button variant="primary" onClick={() => void overview.refetch()}>
              {t('bonus.retry')}
            </Button>
          }
        />
      ) : (
        <BonusContent
          data={overview.data}
          fetchedAt={overview.dataUpdatedAt}
          userId={user.id}
          refetch={() => void overview.refetch()}
        />
      )}
    </Page>
  );
}

function BonusContent({
  data,
  fetchedAt,
  userId,
  refetch,
}: {
  data: NonNullable<ReturnType<typeof useBonusOverview>['data']>;
  fetchedAt: number;
  userId: string;
  refetch: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const activeId = useId();
  const offersId = useId();
  const historyId = useId();
  const queuedId = useId();
  const skewMs = new Date(data.now).getTime() - fetchedAt;
  return (
    <div className={styles.layout} data-testid="bonus-page">
      <div className={styles.summary} data-testid="bonus-summary">
        <p>
          <span className={styles.label}>{t('bonus.summary.cash')}</span>{' '}
          <span className={styles.cash} data-testid="bonus-cash">
            {formatMoney(data.cash, language)}
          </span>
        </p>
        <p>
          <span className={styles.label}>{t('bonus.summary.bonus')}</span>{' '}
          <span className={styles.bonusMoney} data-testid="bonus-money">
            {formatMoney(data.bonus, language)}
          </span>
        </p>
        <p className={styles.hint}>{t('bonus.summary.hint')}</p>
      </div>
      <div className={styles.top}>
        {data.featured && <FeaturedCard offer={data.featured} userId={userId} />}
        <PromoCodeCard userId={userId} />
        {data.daily && (
          <DailyCard
            offer={data.daily.offer}
            nextAt={data.daily.next_at}
            skewMs={skewMs}
            userId={userId}
            onReady={refetch}
          />
        )}
      </div>
      <section aria-labelledby={activeId} className={styles.section}>
        <h2 id={activeId} className={styles.heading}>
          {t('bonus.active.heading')}
        </h2>
        <ActiveBonus bonus={data.active} cash={data.cash} userId={userId} />
        {data.active?.withdrawal_forfeit && (
          <p className={styles.hint} data-testid="bonus-withdrawal-rule">
            {t('bonus.withdrawal', {
              cash: formatMoney(data.cash, language),
              amount: formatMoney(data.active.withdrawal_forfeit.total, language),
            })}
          </p>
        )}
      </section>
      {data.queued.length > 0 && (
        <section aria-labelledby={queuedId} className={styles.section}>
          <h2 id={queuedId} className={styles.heading}>
            {t('bonus.queued.heading')}
          </h2>
          <QueuedBonuses items={data.queued} userId={userId} />
        </section>
      )}
      <section aria-labelledby={offersId} className={styles.section}>
        <h2 id={offersId} className={styles.heading}>
          {t('bonus.offers.heading')}
        </h2>
        <OfferList offers={data.offers} userId={userId} />
      </section>
      {data.history.length > 0 && (
        <section aria-labelledby={historyId} className={styles.section}>
          <h2 id={historyId} className={styles.heading}>
            {t('bonus.history.heading')}
          </h2>
          <HistoryList items={data.history} />
        </section>
      )}
    </div>
  );
}
