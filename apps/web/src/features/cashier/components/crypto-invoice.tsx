import type { Payment } from '@casino/contracts';
import { Copy, ExternalLink } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { statusLine, type StatusTone } from './status-line';
import styles from './cashier.module.css';

// The QR library comes with the first crypto deposit, not with the cashier page.
const QrCode = lazy(() => import('../../../shared/ui/qr-code/qr-code'));

type InvoiceState = 'waiting' | 'confirming' | 'confirmed' | 'partiallyPaid' | 'expired' | 'failed';

/** The gateway's statuses as the player follows them (docs/protocols/crypto-sandbox.md). */
export function invoiceState(payment: Payment): InvoiceState {
  switch (payment.status) {
    case 'processing':
      return 'confirming';
    case 'succeeded':
    case 'paid':
      return 'confirmed';
    case 'partially_paid':
      return 'partiallyPaid';
    case 'expired':
      return 'expired';
    case 'failed':
    case 'canceled':
    case 'rejected':
      return 'failed';
    case 'requested':
    case 'pending':
    case 'requires_action':
      return 'waiting';
  }
}

/**
 * A crypto deposit under way: where to send how much on which network, with a copy button and
 * a QR code of the address, and its live status (the page polls the payment).
 */
export function CryptoInvoice({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const crypto = payment.crypto;
  if (!crypto) return null;
  const state = invoiceState(payment);
  const final = payment.display_status !== 'pending';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(crypto.address);
      toast.success(t('cashier.invoice.copied'), t('cashier.status.toastTitle'));
    } catch {
      toast.error(t('cashier.invoice.copyFailed'), t('cashier.status.toastTitle'));
    }
  };

  const tone: StatusTone =
    state === 'confirmed' || state === 'partiallyPaid' ? 'success' : final ? 'error' : 'pending';

  return (
    <section
      className={styles.invoice}
      aria-labelledby="invoice-title"
      data-testid="crypto-invoice"
    >
      <h2 id="invoice-title" className={styles.invoiceTitle}>
        {t('cashier.invoice.title', { currency: crypto.pay_currency.toUpperCase() })}
      </h2>
      <div className={styles.invoiceBody}>
        {!final && (
          <div className={styles.qr}>
            <Suspense fallback={<Spinner size={24} />}>
              <QrCode value={crypto.address} label={t('cashier.invoice.qr')} testId="crypto-qr" />
            </Suspense>
          </div>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>{t('cashier.invoice.amount')}</dt>
            <dd data-testid="invoice-amount">
              {crypto.pay_amount} {crypto.pay_currency.toUpperCase()}
              <span className={styles.muted}> ≈ {formatMoney(payment.amount, language)}</span>
            </dd>
          </div>
          <div>
            <dt>{t('cashier.invoice.network')}</dt>
            <dd data-testid="invoice-network">{crypto.network}</dd>
          </div>
          <div>
            <dt>{t('cashier.invoice.address')}</dt>
            <dd className={styles.address}>
              <code data-testid="invoice-address">{crypto.address}</code>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() => void copy()}
                aria-label={t('cashier.invoice.copy')}
                title={t('cashier.invoice.copy')}
                data-testid="invoice-copy"
              >
                <Copy size={16} aria-hidden="true" />
              </Button>
            </dd>
          </div>
        </dl>
      </div>
      {statusLine({
        as: 'p',
        payment,
        tone,
        text: t(`cashier.invoice.${state}`, { amount: formatMoney(payment.amount, language) }),
        detail:
          Number(crypto.actually_paid) > 0 &&
          state !== 'confirmed' &&
          t('cashier.invoice.received', {
            paid: crypto.actually_paid,
            currency: crypto.pay_currency.toUpperCase(),
          }),
      })}
      {crypto.test_wallet_url && !final && (
        <a
          href={crypto.test_wallet_url}
          target="_blank"
          rel="noreferrer"
          className={buttonClassName({ variant: 'ghost', size: 'sm' })}
          data-testid="invoice-test-wallet"
        >
          <ExternalLink size={16} aria-hidden="true" />
          {t('cashier.invoice.testWallet')}
        </a>
      )}
    </section>
  );
}
