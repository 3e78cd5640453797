import type { CryptoNetwork, Payment, PaymentsConfigResponse } from '@casino/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import {
  fieldErrorText,
  serverErrorType,
  useSchemaForm,
  withMask,
} from '../../../shared/lib/schema-form';
import { buttonClassName } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useAuthStore } from '../../auth';
import { useSavedCards } from '../api/payments';
import { maskAmount } from '../lib/masks';
import { cardWithdrawalSchema, cryptoFormSchema } from '../lib/form-schemas';
import { toAmount, type CashierErrorKey } from '../lib/validation';
import { useErrorText } from './error-text';
import { defaultNetwork, NetworkDropdown, SumField, useLimitsNote } from './form-parts';
import { useWithdrawal } from './use-withdrawal';
import styles from './cashier.module.css';

interface WithdrawalFormProps {
  config: PaymentsConfigResponse;
  onPayment: (payment: Payment) => void;
}

/** The limits, and what the balance holds (live: the header's stream keeps it current). */
function useSumNote(config: PaymentsConfigResponse) {
  const { t } = useTranslation();
  const language = useLanguage();
  const balance = useAuthStore((state) => state.user?.balance);
  const limits = useLimitsNote(config.limits.withdrawal);
  return balance === undefined
    ? limits
    : {
        ...limits,
        text: `${limits.text} · ${t('cashier.withdraw.available', { amount: formatMoney(balance, language) })}`,
      };
}

/**
 * A withdrawal to a card: only to one this player deposited with (GET /payments/cards), so
 * no card data is typed here. The money leaves the balance at once and stays pending.
 */
export function CardWithdrawalForm({ config, onPayment }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const cards = useSavedCards();
  const limits = config.limits.withdrawal;
  const errorText = useErrorText(limits);
  const sumNote = useSumNote(config);
  const schema = useMemo(() => cardWithdrawalSchema(limits), [limits]);
  const { register, handleSubmit, reset, setError, setFocus, formState } = useSchemaForm(schema, {
    sum: '',
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const withdrawal = useWithdrawal('withdraw-card');

  if (!config.card) return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;
  if (cards.isPending) return <Spinner size={20} />;
  const saved = cards.data?.data ?? [];
  if (saved.length === 0) {
    return (
      <div className={styles.form}>
        <p className={styles.unavailable} data-testid="no-saved-cards">
          {cards.isError ? t('cashier.withdraw.cardsError') : t('cashier.withdraw.noCards')}
        </p>
        <Link to="/profile/balance/credit" className={buttonClassName({ variant: 'secondary' })}>
          {t('cashier.depositPlain')}
        </Link>
      </div>
    );
  }
  const card = chosen ?? saved[0]?.payment_method ?? '';
  const sumError = fieldErrorText(formState.errors.sum, (key) => errorText(key as CashierErrorKey));

  const onSubmit = handleSubmit(async ({ sum }) => {
    const amount = toAmount(sum);
    const payment = await withdrawal.send(
      `${amount}|${card}`,
      (extras) => ({
        kind: 'card-withdrawal',
        body: { amount, payment_method: card, ...extras },
      }),
      (message) => {
        setError('sum', { type: serverErrorType, message });
        setFocus('sum');
      },
    );
    if (!payment) return;
    reset({ sum: '' });
    onPayment(payment);
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="card-withdrawal-form"
    >
      <SumField
        {...withMask(register('sum'), maskAmount)}
        error={sumError}
        testId="withdraw-card-sum"
        note={sumNote}
      />
      <Dropdown
        label={t('cashier.withdraw.toCard')}
        value={card}
        options={saved.map((item) => ({
          value: item.payment_method,
          label: `${item.brand.toUpperCase()} •••• ${item.last4}`,
        }))}
        onChange={setChosen}
        testId="withdraw-card"
      />
      {withdrawal.footer}
    </form>
  );
}

/** A withdrawal to a crypto address (SPEC §3 crypto form: sum, net, transferAdress). */
export function CryptoWithdrawalForm({ config, onPayment }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const networks = config.crypto?.networks ?? [];
  const limits = config.limits.withdrawal;
  const sumNote = useSumNote(config);
  const schema = useMemo(() => cryptoFormSchema(limits, { withAddress: true }), [limits]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    trigger,
    getFieldState,
    reset,
    setError,
    formState,
  } = useSchemaForm(schema, {
    sum: '',
    net: defaultNetwork(networks),
    transferAdress: '',
  });
  const net = watch('net');
  const errorText = useErrorText(limits, net);
  const withdrawal = useWithdrawal('withdraw-crypto');

  if (!config.crypto || networks.length === 0) {
    return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;
  }
  const errorOf = (field: 'sum' | 'transferAdress') =>
    fieldErrorText(formState.errors[field], (key) => errorText(key as CashierErrorKey));

  const onSubmit = handleSubmit(async (values) => {
    const amount = toAmount(values.sum);
    const address = values.transferAdress.trim();
    const payment = await withdrawal.send(
      `${amount}|${values.net}|${address}`,
      (extras) => ({
        kind: 'crypto-withdrawal',
        body: { amount, net: values.net, address, ...extras },
      }),
      (message) => setError('sum', { type: serverErrorType, message }),
    );
    if (!payment) return;
    reset({ sum: '', net: values.net, transferAdress: '' });
    onPayment(payment);
  });

  // The address's rule depends on the network: a message already shown follows the change.
  const onNetwork = (next: CryptoNetwork) => {
    setValue('net', next);
    if (formState.isSubmitted || getFieldState('transferAdress').isTouched) {
      void trigger('transferAdress');
    }
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="crypto-withdrawal-form"
    >
      <SumField
        {...withMask(register('sum'), maskAmount)}
        error={errorOf('sum')}
        testId="withdraw-crypto-sum"
        note={sumNote}
      />
      <NetworkDropdown
        networks={networks}
        value={net}
        onChange={onNetwork}
        testId="withdraw-crypto-net"
      />
      <TextField
        {...register('transferAdress')}
        label={t('cashier.transferAdress')}
        error={errorOf('transferAdress')}
        autoComplete="off"
        spellCheck={false}
        placeholder={net === 'TRC' ? 'T…' : '0x…'}
        testId="withdraw-crypto-address"
      />
      {withdrawal.footer}
    </form>
  );
}
