import { useTranslation } from 'react-i18next';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { CardDepositForm } from '../components/card-deposit-form';
import { CashierLayout } from '../components/cashier-layout';
import { CryptoDepositForm } from '../components/crypto-deposit-form';

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
      card={(config, onPayment) => <CardDepositForm config={config} onPayment={onPayment} />}
      crypto={(config, onPayment) => <CryptoDepositForm config={config} onPayment={onPayment} />}
    />
  );
}
