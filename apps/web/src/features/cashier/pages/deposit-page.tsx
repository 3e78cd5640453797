import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { readStorage, writeStorage } from '../../../shared/lib/storage';
import { useAuthStore } from '../../auth';
import { LazyLimitsOffer } from '../../responsible-gaming';
import { usePayments } from '../api/payments';
import { CardDepositForm } from '../components/card-deposit-form';
import { CashierLayout } from '../components/cashier-layout';
import { CryptoDepositForm } from '../components/crypto-deposit-form';
import styles from '../components/cashier.module.css';

// The cashier is its own chunk; its texts and the contract schemas travel with it.
registerAccountMessages();

/**
 * /profile/balance/credit (SPEC §2): card and crypto deposit forms. `?payment={id}` shows that
 * payment's result: after a submission, and where the 3-D Secure page returns.
 */
export function DepositPage() {
  const { t } = useTranslation();
  return (
    <CashierLayout
      title={t('pages.deposit.title')}
      notice={
        <>
          <FirstDepositOffer />
          <p className={styles.hint}>
            <Link to="/profile/responsible-gaming" data-testid="deposit-limits-link">
              {t('cashier.limitsLink')}
            </Link>
          </p>
        </>
      }
      card={(config, onPayment) => <CardDepositForm config={config} onPayment={onPayment} />}
      crypto={(config, onPayment) => <CryptoDepositForm config={config} onPayment={onPayment} />}
    />
  );
}

const offerSeenKey = (userId: string) => `rgOfferSeen:${userId}`;

/**
 * At the first deposit (issue 29): the step offering a deposit limit, until the player sets
 * one or skips it. "First": no payment yet on this account.
 */
function FirstDepositOffer() {
  const user = useAuthStore((state) => state.user);
  const payments = usePayments();
  const [seen, setSeen] = useState(() =>
    user ? readStorage(offerSeenKey(user.id)) === '1' : true,
  );
  if (!user || seen || !payments.data || payments.data.data.length > 0) return null;
  const done = () => {
    writeStorage(offerSeenKey(user.id), '1');
    setSeen(true);
  };
  return <LazyLimitsOffer userId={user.id} onDone={done} />;
}
