import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerRgMessages } from '../../../shared/i18n/responsible-gaming/register';
import { Button } from '../../../shared/ui/button/button';
import { LimitForm } from './limit-form';
import styles from './rg.module.css';

registerRgMessages();

/**
 * The step offered at registration and at the first deposit (issue 29): set a deposit limit
 * now, or skip it. Not a hidden link: the step is shown, and skipping is a choice.
 */
export function LimitsOffer({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} data-testid="rg-offer" aria-label={t('rg.offer.title')}>
      <h2 className={styles.heading}>{t('rg.offer.title')}</h2>
      <p className={styles.hint}>{t('rg.offer.text')}</p>
      <LimitForm userId={userId} kinds={['deposit']} onSaved={onDone} />
      <div className={styles.links}>
        <Button variant="ghost" onClick={onDone} data-testid="rg-offer-skip">
          {t('rg.offer.skip')}
        </Button>
        <Link to="/profile/responsible-gaming" onClick={onDone}>
          {t('rg.offer.more')}
        </Link>
      </div>
    </section>
  );
}
