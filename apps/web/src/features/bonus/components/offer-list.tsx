import type { BonusOffer, PlayerBonus } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { OfferAction } from './offer-action';
import styles from './bonus.module.css';

/** The bonus offers (SPEC §2): a card each, with its terms and its Receive button. */
export function OfferList({ offers, userId }: { offers: BonusOffer[]; userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (offers.length === 0) return <p className={styles.muted}>{t('bonus.offers.empty')}</p>;
  return (
    <ul className={styles.offers}>
      {offers.map((offer) => (
        <li key={offer.id} className={styles.offer} data-testid={`offer-${offer.id}`}>
          <h3 className={styles.cardTitle}>{offer.title[language]}</h3>
          <p className={styles.terms}>{offer.terms[language]}</p>
          <OfferAction offer={offer} userId={userId} size="sm" />
        </li>
      ))}
    </ul>
  );
}

/** The last finished bonuses and how each ended. */
export function HistoryList({ items }: { items: PlayerBonus[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className={styles.history}>
      {items.map((b) => (
        <li key={b.id} className={styles.historyRow} data-testid={`bonus-history-${b.id}`}>
          <span className={styles.strong}>{b.title[language]}</span>
          <span className={styles.muted}>
            {b.status === 'completed'
              ? t('bonus.history.completed', {
                  amount: formatMoney(b.converted_amount ?? '0.00', language),
                })
              : b.status === 'expired'
                ? t('bonus.history.expired')
                : b.status === 'lost'
                  ? t('bonus.history.lost')
                  : b.status === 'forfeited'
                    ? t('bonus.history.forfeited', {
                        amount: formatMoney(b.forfeited_amount ?? '0.00', language),
                      })
                    : t('bonus.history.cancelled')}
          </span>
          <time className={styles.muted} dateTime={b.ended_at ?? undefined}>
            {b.ended_at ? formatDateTime(b.ended_at, language) : ''}
          </time>
        </li>
      ))}
    </ul>
  );
}
