import type { Language, Payment } from '@casino/contracts';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n, useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import { toast } from '../../../shared/ui/toast/toast-store';
import { usePayments } from '../api/payments';
import { failureReason } from '../lib/failure-reason';
import { CancelWithdrawal } from './cancel-withdrawal';
import styles from './payments-list.module.css';

/** SPEC §3 Transaction labels: cash in; transfer to card (or to a crypto wallet). */
export function paymentLabel(payment: Payment): string {
  if (payment.direction === 'deposit') return i18n.t('cashier.list.cashin');
  return i18n.t(payment.method === 'card' ? 'cashier.list.toCard' : 'cashier.list.toWallet');
}

/** "0x12ab…9f3c": enough of an address to recognise it. */
export function shortAddress(address: string): string {
  return address.length <= 14 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** How the money moved: "visa •••• 4242", or "TRC TQn9Y2…LSE". */
export function methodText(payment: Payment): string {
  if (payment.card) return `${payment.card.brand.toUpperCase()} •••• ${payment.card.last4}`;
  if (payment.crypto) return `${payment.crypto.network} ${shortAddress(payment.crypto.address)}`;
  return payment.method === 'card' ? i18n.t('cashier.card') : i18n.t('cashier.crypto');
}

/**
 * Did the payment move money? A deposit that never credited (declined, expired) and a
 * withdrawal whose money came back (cancelled, rejected, payout failed) did not: they show
 * no sign and say why.
 */
export function movedMoney(payment: Payment): boolean {
  return payment.display_status !== 'canceled';
}

function signed(payment: Payment, language: Language): string {
  const amount = formatMoney(payment.amount, language);
  if (!movedMoney(payment)) return amount;
  return `${payment.direction === 'deposit' ? '+' : '\u2212'}${amount}`;
}

/** Why a payment that moved nothing ended: "Declined: the card was declined". */
export function endReason(payment: Payment): string | null {
  if (movedMoney(payment)) return null;
  if (payment.direction === 'deposit') {
    if (payment.status === 'expired') return i18n.t('cashier.list.reasons.expired');
    if (payment.status === 'failed') {
      return i18n.t('cashier.list.reasons.declined', { reason: failureReason(payment) });
    }
    return i18n.t('cashier.list.reasons.depositCanceled');
  }
  if (payment.status === 'rejected') return i18n.t('cashier.list.reasons.rejected');
  if (payment.status === 'failed') return i18n.t('cashier.list.reasons.payoutFailed');
  return i18n.t('cashier.list.reasons.withdrawalCanceled');
}

/**
 * Tells each change of a payment's status seen while the page is open with a toast (the
 * header balance follows by itself over the live balance stream).
 */
function useStatusToasts(payments: readonly Payment[] | undefined, language: Language) {
  const seen = useRef<Map<string, Payment['display_status']> | null>(null);
  useEffect(() => {
    if (!payments) return;
    const before = seen.current;
    seen.current = new Map(payments.map((payment) => [payment.id, payment.display_status]));
    if (!before) return; // the first load is the starting point, not news
    for (const payment of payments) {
      const was = before.get(payment.id);
      if (was === undefined || was === payment.display_status) continue;
      const text = i18n.t('cashier.list.changed', {
        what: paymentLabel(payment),
        amount: formatMoney(payment.amount, language),
        status: i18n.t(`cashier.list.statuses.${payment.display_status}`),
      });
      const title = i18n.t('cashier.status.toastTitle');
      if (payment.display_status === 'confirmed') toast.success(text, title);
      else toast.error(text, title);
    }
  }, [payments, language]);
}

/**
 * The balance page's deposits and withdrawals (GET /payments): label, method, date, amount and
 * the status in its colour; a pending withdrawal has its Cancel button. Polled while any is
 * pending. Nothing is shown to a player who never used the cashier.
 */
export function PaymentsList() {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const query = usePayments();
  const payments = query.data?.data;
  useStatusToasts(payments, language);
  if (!payments || payments.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('cashier.list.title')}
      </h2>
      <ul className={styles.list} data-testid="payments">
        {payments.map((payment) => {
          const Icon = payment.direction === 'deposit' ? ArrowDownToLine : ArrowUpFromLine;
          const moved = movedMoney(payment);
          const reason = endReason(payment);
          return (
            <li
              key={payment.id}
              className={styles.row}
              data-testid="payment"
              data-status={payment.display_status}
            >
              <span
                className={styles.icon}
                data-direction={payment.direction}
                data-moved={moved}
                aria-hidden="true"
              >
                <Icon size={20} strokeWidth={1.9} />
              </span>
              <div className={styles.main}>
                <p className={styles.label}>{paymentLabel(payment)}</p>
                <p className={styles.method}>{methodText(payment)}</p>
                {reason && (
                  <p className={styles.reason} data-testid="payment-reason">
                    {reason}
                  </p>
                )}
              </div>
              <time className={styles.date} dateTime={payment.created_at}>
                {formatDateTime(payment.created_at, language)}
              </time>
              <div className={styles.money}>
                <p
                  className={styles.amount}
                  data-direction={payment.direction}
                  data-moved={moved}
                  data-testid="payment-amount"
                >
                  {signed(payment, language)}
                </p>
                <span className={styles.status} data-status={payment.display_status}>
                  {t(`cashier.list.statuses.${payment.display_status}`)}
                </span>
              </div>
              {/* Always there, so the columns line up row to row on a wide screen. */}
              <div className={styles.action}>
                {payment.cancelable && <CancelWithdrawal payment={payment} />}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
