import type { Payment, PaymentsConfigResponse } from '@casino/contracts';
import { CircleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { usePaymentsConfig } from '../api/payments';
import { MethodPicker, type CashierMethod } from './method-picker';
import { PaymentStatus } from './payment-status';
import styles from './cashier.module.css';

/** The forms of one method, given the limits and what to do with the payment they make. */
type MethodForm = (
  config: PaymentsConfigResponse,
  onPayment: (payment: Payment) => void,
) => ReactNode;

/**
 * What the deposit and withdrawal pages share: the payments configuration (loading and error
 * states), the card and crypto forms side by side, and `?payment={id}`: the result of the
 * payment just made (and, for a deposit, where the 3-D Secure page returns).
 */
export function CashierLayout({
  title,
  card,
  crypto,
  notice,
}: {
  title: string;
  card: MethodForm;
  crypto: MethodForm;
  /** Shown above the forms (the withdrawal rule while a bonus is active). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('payment');
  const [method, setMethod] = useState<CashierMethod>('card');
  const config = usePaymentsConfig();

  const showPayment = (payment: Payment) => {
    setParams({ payment: payment.id }, { replace: true });
  };

  return (
    <Page title={title}>
      <div className={styles.layout}>
        {notice}
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
            card={card(config.data, showPayment)}
            crypto={crypto(config.data, showPayment)}
          />
        )}
        <Link to="/profile/balance" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          {t('cashier.back')}
        </Link>
      </div>
    </Page>
  );
}
