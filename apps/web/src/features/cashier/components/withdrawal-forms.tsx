import {
  cryptoNetworks,
  type CryptoNetwork,
  type Payment,
  type PaymentsConfigResponse,
} from '@casino/contracts';
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
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore, useSecondFactorField } from '../../auth';
import { useSavedCards, useSubmitPayment } from '../api/payments';
import { maskAmount } from '../lib/masks';
import { amountErrorOf, submissionErrorText } from '../lib/submission-errors';
import { cardWithdrawalSchema, cryptoFormSchema } from '../lib/form-schemas';
import { toAmount, type CashierErrorKey } from '../lib/validation';
import { useBonusForfeit } from './bonus-forfeit';
import { useErrorText } from './error-text';
import { useIdempotentSubmit } from './use-idempotent-submit';
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
  const limits = t('cashier.sumNote', {
    min: formatMoney(config.limits.withdrawal.min, language),
    max: formatMoney(config.limits.withdrawal.max, language),
  });
  return {
    tone: 'muted' as const,
    text:
      balance === undefined
        ? limits
        : `${limits} · ${t('cashier.withdraw.available', { amount: formatMoney(balance, language) })}`,
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
  const submit = useSubmitPayment();
  const { busy, run } = useIdempotentSubmit();
  const secondFactor = useSecondFactorField('withdraw-card-two-factor');
  const forfeit = useBonusForfeit('withdraw-card');

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
    if (forfeit.blocked()) return;
    const amount = toAmount(sum);
    const signature = `${amount}|${card}|${secondFactor.signature}|${forfeit.signature}`;
    const result = await run(signature, (key) =>
      submit.mutateAsync({
        kind: 'card-withdrawal',
        body: {
          amount,
          payment_method: card,
          idempotency_key: key,
          ...secondFactor.body,
          ...forfeit.body,
        },
      }),
    );
    if (!result) return;
    if (result.ok) {
      reset({ sum: '' });
      secondFactor.clear();
      forfeit.clear();
      onPayment(result.value);
      return;
    }
    console.warn('Card withdrawal was not made', result.error);
    if (secondFactor.refused(result.error)) return;
    if (forfeit.refused(result.error)) return;
    const amountError = amountErrorOf(result.error);
    if (amountError) {
      setError('sum', { type: serverErrorType, message: amountError });
      setFocus('sum');
    }
    toast.error(submissionErrorText(result.error), t('cashier.status.toastTitle'));
  });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="card-withdrawal-form"
    >
      <TextField
        {...withMask(register('sum'), maskAmount)}
        label={t('cashier.sum')}
        error={sumError}
        inputMode="decimal"
        autoComplete="off"
        placeholder="100"
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
      {secondFactor.field}
      {forfeit.panel}
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={busy}
        data-testid="withdraw-card-submit"
      >
        {busy && <Spinner size={16} />}
        {forfeit.submitLabel}
      </Button>
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
    net: networks.includes('ETH') ? 'ETH' : (networks[0] ?? 'ETH'),
    transferAdress: '',
  });
  const net = watch('net');
  const errorText = useErrorText(limits, net);
  const submit = useSubmitPayment();
  const { busy, run } = useIdempotentSubmit();
  const secondFactor = useSecondFactorField('withdraw-crypto-two-factor');
  const forfeit = useBonusForfeit('withdraw-crypto');

  if (!config.crypto || networks.length === 0) {
    return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;
  }
  const errorOf = (field: 'sum' | 'transferAdress') =>
    fieldErrorText(formState.errors[field], (key) => errorText(key as CashierErrorKey));

  const onSubmit = handleSubmit(async (values) => {
    if (forfeit.blocked()) return;
    const amount = toAmount(values.sum);
    const address = values.transferAdress.trim();
    const result = await run(
      `${amount}|${values.net}|${address}|${secondFactor.signature}|${forfeit.signature}`,
      (key) =>
        submit.mutateAsync({
          kind: 'crypto-withdrawal',
          body: {
            amount,
            net: values.net,
            address,
            idempotency_key: key,
            ...secondFactor.body,
            ...forfeit.body,
          },
        }),
    );
    if (!result) return;
    if (result.ok) {
      reset({ sum: '', net: values.net, transferAdress: '' });
      secondFactor.clear();
      forfeit.clear();
      onPayment(result.value);
      return;
    }
    console.warn('Crypto withdrawal was not made', result.error);
    if (secondFactor.refused(result.error)) return;
    if (forfeit.refused(result.error)) return;
    const amountError = amountErrorOf(result.error);
    if (amountError) setError('sum', { type: serverErrorType, message: amountError });
    toast.error(submissionErrorText(result.error), t('cashier.status.toastTitle'));
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
      <TextField
        {...withMask(register('sum'), maskAmount)}
        label={t('cashier.sum')}
        error={errorOf('sum')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="100"
        testId="withdraw-crypto-sum"
        note={sumNote}
      />
      <Dropdown
        label={t('cashier.net')}
        value={net}
        options={cryptoNetworks
          .filter((network) => networks.includes(network))
          .map((network) => ({ value: network, label: network }))}
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
      {secondFactor.field}
      {forfeit.panel}
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={busy}
        data-testid="withdraw-crypto-submit"
      >
        {busy && <Spinner size={16} />}
        {forfeit.submitLabel}
      </Button>
    </form>
  );
}
