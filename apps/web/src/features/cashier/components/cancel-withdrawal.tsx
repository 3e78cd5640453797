import type { Payment } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useCancelPayment } from '../api/payments';
import { submissionErrorText } from '../lib/submission-errors';

/** Cancel of a pending withdrawal (the server's `cancelable`): the money comes back. */
export function CancelWithdrawal({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const cancel = useCancelPayment();
  const onCancel = async () => {
    if (cancel.isPending) return;
    try {
      const canceled = await cancel.mutateAsync(payment.id);
      toast.success(
        t('cashier.withdraw.canceled', { amount: formatMoney(canceled.amount, language) }),
        t('cashier.status.toastTitle'),
      );
    } catch (error) {
      console.warn('Withdrawal was not canceled', error);
      toast.error(
        `${t('cashier.withdraw.cancelFailed')}: ${submissionErrorText(error)}`,
        t('cashier.status.toastTitle'),
      );
    }
  };
  return (
    <Button
      type="button"
      size="sm"
      variant="secondary"
      disabled={cancel.isPending}
      onClick={() => void onCancel()}
      data-testid={`cancel-${payment.id}`}
    >
      {cancel.isPending && <Spinner size={14} />}
      {t('cashier.withdraw.cancel')}
    </Button>
  );
}
