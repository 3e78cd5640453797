import type { Language, Payment } from '@casino/contracts';
import { CircleAlert, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { buttonClassName } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { usePayment } from '../api/payments';
import { failureReason } from '../lib/failure-reason';
import { CancelWithdrawal } from './cancel-withdrawal';
import { CryptoInvoice } from './crypto-invoice';
import { statusLine, type StatusTone } from './status-line';
import styles from './cashier.module.css';

/** The one-line outcome of a payment, for the panel and its toast. */
export function outcomeText(payment: Payment, language: Language): string {
  const amount = formatMoney(payment.amount, language);
  if (payment.display_status === 'confirmed') {
    return i18n.t(
      payment.direction === 'deposit'
        ? 'cashier.status.confirmedDeposit'
        : 'cashier.status.confirmedWithdrawal',
      { amount },
    );
  }
  if (payment.status === 'failed') {
    return i18n.t('cashier.status.declined', { reason: failureReason(payment) });
  }
  if (payment.display_status === 'canceled') return i18n.t('cashier.status.canceled');
  if (payment.status === 'requires_action') return i18n.t('cashier.status.requiresAction');
  if (payment.direction === 'withdrawal') return i18n.t('cashier.withdraw.pending', { amount });
  return i18n.t('cashier.status.pending');
}

/**
 * The result of one payment (`?payment={id}`: after a submission, or back from 3-D Secure),
 * polled until it is final; the change to a final state is told once by a toast as well.
 */
export function PaymentStatus({ id }: { id: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const query = usePayment(id);
  const payment = query.data;
  const told = useRef<string | null>(null);
  const seenPending = useRef(false);

  useEffect(() => {
    if (!payment) return;
    if (payment.display_status === 'pending') {
      seenPending.current = true;
      return;
    }
    // A payment that was already final when the page opened is shown, not announced.
    if (!seenPending.current || told.current === payment.id) return;
    told.current = payment.id;
    const text = outcomeText(payment, language);
    if (payment.display_status === 'confirmed') toast.success(text, t('cashier.status.toastTitle'));
    else toast.error(text, t('cashier.status.toastTitle'));
  }, [payment, language, t]);

  if (query.isPending) {
    return (
      <div className={styles.status} role="status" data-testid="payment-status">
        <Spinner size={18} />
        <span>{t('cashier.status.pending')}</span>
      </div>
    );
  }
  if (!payment) {
    return (
      <div className={styles.status} data-tone="error" role="alert" data-testid="payment-status">
        <CircleAlert size={20} aria-hidden="true" />
        <span>{t('cashier.status.loadError')}</span>
      </div>
    );
  }
  if (payment.method === 'crypto' && payment.direction === 'deposit' && payment.crypto) {
    return <CryptoInvoice payment={payment} />;
  }

  const tone: StatusTone =
    payment.display_status === 'confirmed'
      ? 'success'
      : payment.display_status === 'canceled'
        ? 'error'
        : 'pending';
  return statusLine({
    payment,
    tone,
    text: outcomeText(payment, language),
    detail: payment.card && `${payment.card.brand} •••• ${payment.card.last4}`,
    children: (
      <>
        {payment.cancelable && <CancelWithdrawal payment={payment} />}
        {payment.status === 'requires_action' && payment.redirect_url && (
          <a
            href={payment.redirect_url}
            className={buttonClassName({ variant: 'primary', size: 'sm' })}
          >
            <ShieldCheck size={16} aria-hidden="true" />
            {t('cashier.status.continue3ds')}
          </a>
        )}
      </>
    ),
  });
}
