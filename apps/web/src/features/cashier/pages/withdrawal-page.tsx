import { useTranslation } from 'react-i18next';
import { Gift } from 'lucide-react';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { useAuthStore } from '../../auth';
import { WithdrawalIdentityNotice } from '../../identity';
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
      notice={
        <>
          <WithdrawalIdentityNotice />
          <BonusWithdrawalNotice />
        </>
      }
    />
  );
}

/**
 * The withdrawal rule while a bonus is active (decision 062), said before the player fills in
 * a form: bonus money in the balance means a bonus is being wagered; the cash can still go,
 * and the form shows what would be forfeited before anything moves.
 */
function BonusWithdrawalNotice() {
  const { t } = useTranslation();
  const language = useLanguage();
  const bonus = useAuthStore((state) => state.user?.bonus);
  if (bonus === undefined || /^0\.0+$/.test(bonus)) return null;
  return (
    <p role="note" data-testid="withdrawal-bonus-notice">
      <Gift size={16} aria-hidden="true" />{' '}
      {t('cashier.withdraw.bonusNotice', { amount: formatMoney(bonus, language) })}
    </p>
  );
}
