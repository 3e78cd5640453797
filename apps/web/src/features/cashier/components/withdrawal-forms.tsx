import {
  cryptoNetworks,
  type CryptoNetwork,
  type Payment,
  type PaymentsConfigResponse,
} from '@casino/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button, buttonClassName } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../../auth';
import { useSavedCards, useSubmitPayment } from '../api/payments';
import { maskAmount } from '../lib/masks';
import { amountErrorOf, submissionErrorText } from '../lib/submission-errors';
import { toAmount, validateCryptoForm, type CryptoFormValues } from '../lib/validation';
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

const focusField = (form: HTMLFormElement, name: string) => {
  const input = form.elements.namedItem(name);
  if (input instanceof HTMLElement) input.focus();
};

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
  const [sum, setSum] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const submit = useSubmitPayment();
  const { busy, run } = useIdempotentSubmit();

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
  const errors = validateCryptoForm({ sum, net: 'ETH', transferAdress: '' }, limits, {
    withAddress: false,
  });
  // The card form's own message for a missing sum (SPEC §5 "Sum is reqired").
  const sumKey = errors.sum === 'sumRequired' ? 'sumReqired' : errors.sum;
  const sumError = ((submitted || touched) && errorText(sumKey)) || serverError;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const form = event.currentTarget;
    if (sumKey) {
      focusField(form, 'sum');
      return;
    }
    const amount = toAmount(sum);
    const result = await run(`${amount}|${card}`, (key) =>
      submit.mutateAsync({
        kind: 'card-withdrawal',
        body: { amount, payment_method: card, idempotency_key: key },
      }),
    );
    if (!result) return;
    if (result.ok) {
      setSum('');
      setTouched(false);
      setSubmitted(false);
      onPayment(result.value);
      return;
    }
    console.warn('Card withdrawal was not made', result.error);
    setServerError(amountErrorOf(result.error));
    if (amountErrorOf(result.error)) focusField(form, 'sum');
    toast.error(submissionErrorText(result.error), t('cashier.status.toastTitle'));
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="card-withdrawal-form"
    >
      <TextField
        name="sum"
        label={t('cashier.sum')}
        value={sum}
        onChange={(event) => {
          setSum(maskAmount(event.target.value));
          setServerError(undefined);
        }}
        onBlur={() => setTouched(true)}
        error={sumError || undefined}
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
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={busy}
        data-testid="withdraw-card-submit"
      >
        {busy && <Spinner size={16} />}
        {t('cashier.withdraw.submit')}
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
  const [values, setValues] = useState<CryptoFormValues>({
    sum: '',
    net: networks.includes('ETH') ? 'ETH' : (networks[0] ?? 'ETH'),
    transferAdress: '',
  });
  const errorText = useErrorText(limits, values.net);
  const [touched, setTouched] = useState<Partial<Record<'sum' | 'transferAdress', boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const submit = useSubmitPayment();
  const { busy, run } = useIdempotentSubmit();

  if (!config.crypto || networks.length === 0) {
    return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;
  }
  const errors = validateCryptoForm(values, limits, { withAddress: true });
  const errorOf = (field: 'sum' | 'transferAdress') =>
    ((submitted || touched[field]) && errorText(errors[field])) ||
    (field === 'sum' ? serverError : undefined) ||
    undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const form = event.currentTarget;
    const first = errors.sum ? 'sum' : errors.transferAdress ? 'transferAdress' : null;
    if (first) {
      focusField(form, first);
      return;
    }
    const amount = toAmount(values.sum);
    const address = values.transferAdress.trim();
    const result = await run(`${amount}|${values.net}|${address}`, (key) =>
      submit.mutateAsync({
        kind: 'crypto-withdrawal',
        body: { amount, net: values.net, address, idempotency_key: key },
      }),
    );
    if (!result) return;
    if (result.ok) {
      setValues((current) => ({ ...current, sum: '', transferAdress: '' }));
      setTouched({});
      setSubmitted(false);
      onPayment(result.value);
      return;
    }
    console.warn('Crypto withdrawal was not made', result.error);
    setServerError(amountErrorOf(result.error));
    toast.error(submissionErrorText(result.error), t('cashier.status.toastTitle'));
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="crypto-withdrawal-form"
    >
      <TextField
        name="sum"
        label={t('cashier.sum')}
        value={values.sum}
        onChange={(event) => {
          const sum = maskAmount(event.target.value);
          setValues((current) => ({ ...current, sum }));
          setServerError(undefined);
        }}
        onBlur={() => setTouched((current) => ({ ...current, sum: true }))}
        error={errorOf('sum')}
        inputMode="decimal"
        autoComplete="off"
        placeholder="100"
        testId="withdraw-crypto-sum"
        note={sumNote}
      />
      <Dropdown
        label={t('cashier.net')}
        value={values.net}
        options={cryptoNetworks
          .filter((network) => networks.includes(network))
          .map((network) => ({ value: network, label: network }))}
        onChange={(net: CryptoNetwork) => setValues((current) => ({ ...current, net }))}
        testId="withdraw-crypto-net"
      />
      <TextField
        name="transferAdress"
        label={t('cashier.transferAdress')}
        value={values.transferAdress}
        onChange={(event) => {
          const transferAdress = event.target.value;
          setValues((current) => ({ ...current, transferAdress }));
        }}
        onBlur={() => setTouched((current) => ({ ...current, transferAdress: true }))}
        error={errorOf('transferAdress')}
        autoComplete="off"
        spellCheck={false}
        placeholder={values.net === 'TRC' ? 'T…' : '0x…'}
        testId="withdraw-crypto-address"
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={busy}
        data-testid="withdraw-crypto-submit"
      >
        {busy && <Spinner size={16} />}
        {t('cashier.withdraw.submit')}
      </Button>
    </form>
  );
}
