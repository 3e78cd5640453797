import type { Payment } from '@casino/contracts';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { usePaymentsConfig } from '../api/payments';
import { CardDepositForm } from '../components/card-deposit-form';
import { CryptoDepositForm } from '../components/crypto-deposit-form';
import { MethodPicker, type CashierMethod } from '../components/method-picker';
import { PaymentStatus } from '../components/payment-status';
import styles from '../components/cashier.module.css';

// The cashier is its own chunk; its texts and the contract schemas travel with it.
registerAccountMessages();

/**
 * /profile/balance/credit (SPEC §2): card and crypto deposit forms. `?payment={id}` shows that
 * payment's result: after a submission, and where the 3-D Secure page returns.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  const [method, setMethod] = useState<CashierMethod>('card');
  const config = usePaymentsConfig();

  const showPayment = (payment: Payment) => {
    setParams({ payment: payment.id }, { replace: true });
  };

  return (
    <Page title={t('pages.deposit.title')}>
      <div className={styles.layout}>
        {paymentId && (
          <div className={styles.result}>
            <PaymentStatus key={paymentId} id={paymentId} />
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setParams({}, { replace: true })}
              data-testid="new-payment"
            >
              {t('cashier.newPayment')}
            </Button>
          </div>
        )}
        {config.isPending ? (
          <div className={styles.loading} role="status">
            <Spinner size={24} />
            <span className="visually-hidden">{t('cashier.loading')}</span>
          </div>
        ) : config.isError ? (
          <EmptyState
            icon={CircleAlert}
            tone="accent"
            title={t('cashier.configErrorTitle')}
            text={t('cashier.configErrorText')}
            action={
              <Button type="button" onClick={() => void config.refetch()}>
                {t('cashier.retry')}
              </Button>
            }
          />
        ) : (
          <MethodPicker
            method={method}
            onMethod={setMethod}
            card={<CardDepositForm config={config.data} onPayment={showPayment} />}
            crypto={<CryptoDepositForm config={config.data} onPayment={showPayment} />}
          />
        )}
        <Link to="/profile/balance" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          {t('cashier.back')}
        </Link>
      </div>
    </Page>
  );
}
