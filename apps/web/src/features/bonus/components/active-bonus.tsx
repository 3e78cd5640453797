import type { PlayerBonus } from '@casino/contracts';
import { Hourglass, Trophy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Modal } from '../../../shared/ui/modal/modal';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useBonusAction } from '../api/bonus';
import { bonusErrorText } from '../lib/bonus-error-text';
import { depositPath } from './offer-action';
import styles from './bonus.module.css';

/** The player's open bonus: its wagering ("walkthrough"), what is left, expiry, Cancel. */
export function ActiveBonus({
  bonus,
  cash,
  userId,
}: {
  bonus: PlayerBonus | null;
  cash: string;
  userId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  if (!bonus) {
    return (
      <EmptyState
        icon={Trophy}
        tone="gold"
        variant="inline"
        headingLevel={3}
        title={t('bonus.active.empty')}
        text={t('bonus.active.emptyText')}
        testId="bonus-active-empty"
      />
    );
  }
  const money = (v: string | null) => formatMoney(v ?? '0.00', language);
  const awaiting = bonus.status === 'awaiting_deposit';
  return (
    <article className={styles.active} aria-labelledby={headingId} data-testid="bonus-active">
      <div className={styles.activeHead}>
        <h3 id={headingId} className={styles.cardTitle}>
          {bonus.title[language]}
        </h3>
        <p className={`${styles.muted} ${styles.expires}`}>
          <Hourglass size={14} aria-hidden="true" />
          {t('bonus.active.expires', { date: formatDateTime(bonus.expires_at, language) })}
        </p>
      </div>
      {awaiting ? (
        <>
          <p className={styles.strong}>{t('bonus.active.awaitingTitle')}</p>
          <p className={styles.muted}>
            {t('bonus.active.awaitingText', {
              percent: bonus.match_percent ?? 0,
              min: money(bonus.min_deposit),
              max: money(bonus.max_bonus),
            })}
          </p>
        </>
      ) : (
        <>
          <div className={styles.progressRow}>
            <span className={styles.label}>{t('bonus.active.walkthrough')}</span>
            <span className={styles.percent} data-testid="bonus-percent">
              {bonus.percent}%
            </span>
          </div>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={t('bonus.active.walkthrough')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={bonus.percent}
          >
            <span className={styles.fill} style={{ width: `${bonus.percent}%` }} />
          </div>
          <p className={styles.muted} data-testid="bonus-wagered">
            {t('bonus.active.wagered', {
              wagered: money(bonus.wagered),
              required: money(bonus.wagering_required),
            })}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('bonus.active.left')}</dt>
              <dd data-testid="bonus-left">{money(bonus.balance)}</dd>
            </div>
            <div>
              <dt>{t('bonus.active.maxBet', { amount: '' }).trim()}</dt>
              <dd>{money(bonus.max_bet)}</dd>
            </div>
            {bonus.max_cashout !== null && (
              <div>
                <dt>{t('bonus.active.maxCashout', { amount: '' }).trim()}</dt>
                <dd>{money(bonus.max_cashout)}</dd>
              </div>
            )}
          </dl>
        </>
      )}
      <div className={styles.offerActions}>
        {awaiting && (
          <Link to={depositPath} className={buttonClassName({ variant: 'primary' })}>
            {t('bonus.active.deposit')}
          </Link>
        )}
        <CancelBonus bonus={bonus} cash={cash} userId={userId} />
      </div>
    </article>
  );
}

/** Cancel, after a confirmation that says what is forfeited and that cash stays. */
function CancelBonus({
  bonus,
  cash,
  userId,
}: {
  bonus: PlayerBonus;
  cash: string;
  userId: string;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const action = useBonusAction(userId);
  const confirm = async () => {
    if (action.isPending) return;
    try {
      const { bonus: ended } = await action.mutateAsync({ kind: 'cancel', bonusId: bonus.id });
      setOpen(false);
      toast.success(
        t('bonus.active.cancelled', {
          amount: formatMoney(ended.forfeited_amount ?? '0.00', language),
        }),
        ended.title[language],
      );
    } catch (error) {
      setOpen(false);
      toast.error(bonusErrorText(error), bonus.title[language]);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} data-testid="bonus-cancel">
        {t('bonus.active.cancel')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('bonus.active.confirmTitle')}
        name="bonus-cancel"
      >
        <div className={styles.confirm}>
          <p data-testid="bonus-cancel-text">
            {bonus.status === 'awaiting_deposit'
              ? t('bonus.active.confirmAwaiting')
              : t('bonus.active.confirmText', {
                  amount: formatMoney(bonus.balance, language),
                  cash: formatMoney(cash, language),
                })}
          </p>
          <div className={styles.offerActions}>
            <Button
              variant="primary"
              onClick={() => void confirm()}
              disabled={action.isPending}
              data-testid="bonus-cancel-confirm"
            >
              {action.isPending && <Spinner size={14} />}
              {t('bonus.active.confirm')}
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('bonus.active.keep')}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
