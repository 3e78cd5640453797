import { useTranslation } from 'react-i18next';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { CashierLayout } from '../components/cashier-layout';
import { CardWithdrawalForm, CryptoWithdrawalForm } from '../components/withdrawal-forms';

// The cashier is its own chunk; its texts and the contract schemas travel with it.
registerAccountMessages();

/**
 * /profile/balance/widthdrawall (SPEC §2, spelled so): card and crypto withdrawal forms.
 * `?payment={id}` shows the withdrawal just made: pending, with its Cancel button.
 */
export function WithdrawalPage() {
  const { t } = useTranslation();
  return (
    <CashierLayout
      title={t('pages.withdrawal.title')}
      card={(config, onPayment) => <CardWithdrawalForm config={config} onPayment={onPayment} />}
      crypto={(config, onPayment) => <CryptoWithdrawalForm config={config} onPayment={onPayment} />}
    />
  );
}
