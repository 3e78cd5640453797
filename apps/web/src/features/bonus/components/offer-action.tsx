import type { BonusOffer } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useBonusAction } from '../api/bonus';
import { bonusErrorText } from '../lib/bonus-error-text';
import styles from './bonus.module.css';

/** The deposit page, where a deposit match is activated. */
export const depositPath = '/profile/balance/credit';

/**
 * An offer's button: Receive when it can be claimed now; for a deposit match the claim is
 * followed by "deposit to activate" (the cashier); while a bonus is open, the claim queues
 * behind it (decision 062); otherwise why not, disabled.
 */
export function OfferAction({
  offer,
  userId,
  size = 'md',
  variant = 'primary',
}: {
  offer: BonusOffer;
  userId: string;
  size?: 'sm' | 'md' | 'lg';
  variant?: 'primary' | 'accent' | 'secondary';
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const action = useBonusAction(userId);
  if (!offer.claimable) {
    const why =
      offer.reason === 'claimed'
        ? t('bonus.claimed')
        : offer.reason === 'bonus_active'
          ? t('bonus.blocked')
          : t('bonus.daily.next');
    return (
      <Button size={size} variant="secondary" disabled data-testid={`offer-${offer.id}-receive`}>
        {why}
      </Button>
    );
  }
  const receive = async () => {
    if (action.isPending) return;
    try {
      const { bonus } = await action.mutateAsync({ kind: 'claim', offerId: offer.id });
      const title = bonus.title[language];
      if (bonus.status === 'queued') {
        toast.success(t('bonus.queuedToast', { title }), title);
      } else if (bonus.status === 'awaiting_deposit') {
        toast.success(
          t('bonus.awaiting', { min: formatMoney(bonus.min_deposit ?? '0.00', language) }),
          title,
        );
      } else {
        toast.success(t('bonus.received', { title }), title);
      }
    } catch (error) {
      toast.error(bonusErrorText(error), offer.title[language]);
    }
  };
  return (
    <div className={styles.offerActions}>
      <Button
        size={size}
        variant={variant}
        disabled={action.isPending}
        onClick={() => void receive()}
        data-testid={`offer-${offer.id}-receive`}
      >
        {action.isPending && <Spinner size={14} />}
        {offer.queues ? t('bonus.queue') : t('bonus.receive')}
      </Button>
      {offer.queues && <p className={styles.queueNote}>{t('bonus.queueNote')}</p>}
      {offer.kind === 'deposit_match' && !offer.queues && (
        <Link
          to={depositPath}
          className={buttonClassName({ variant: 'ghost', size })}
          data-testid={`offer-${offer.id}-deposit`}
        >
          {t('bonus.depositToActivate')}
        </Link>
      )}
    </div>
  );
}
