import {
  cryptoNetworks,
  type CryptoNetwork,
  type Payment,
  type PaymentsConfigResponse,
} from '@casino/contracts';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { newIdempotencyKey, useSubmitPayment } from '../api/payments';
import { maskAmount } from '../lib/masks';
import { amountErrorOf, isRetriable, submissionErrorText } from '../lib/submission-errors';
import { toAmount, validateCryptoForm } from '../lib/validation';
import { useErrorText } from './error-text';
import styles from './cashier.module.css';

interface CryptoDepositFormProps {
  config: PaymentsConfigResponse;
  onPayment: (payment: Payment) => void;
}

/**
 * The crypto form of SPEC §3/§5 for a deposit: the sum and the network (the §4 dropdown
 * selector, ETH by default). The gateway answers with the address and the coin amount.
 */
export function CryptoDepositForm({ config, onPayment }: CryptoDepositFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const networks = config.crypto?.networks ?? [];
  const [sum, setSum] = useState('');
  const [net, setNet] = useState<CryptoNetwork>(
    networks.includes('ETH') ? 'ETH' : (networks[0] ?? 'ETH'),
  );
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const submit = useSubmitPayment();
  const limits = config.limits.deposit;
  const errorText = useErrorText(limits, net);

  const errors = validateCryptoForm({ sum, net, transferAdress: '' }, limits, {
    withAddress: false,
  });
  const sumError = ((submitted || touched) && errorText(errors.sum)) || serverError;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (busyRef.current) return;
    const form = event.currentTarget;
    if (errors.sum) {
      const input = form.elements.namedItem('sum');
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    const signature = `${sum}|${net}`;
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const payment = await submit.mutateAsync({
        kind: 'crypto-deposit',
        body: { amount: toAmount(sum), net, idempotency_key: attempt.current.key },
      });
      attempt.current = null;
      setSum('');
      setTouched(false);
      setSubmitted(false);
      onPayment(payment);
    } catch (error) {
      console.warn('Crypto deposit was not started', error instanceof Error ? error.name : error);
      if (!isRetriable(error)) attempt.current = null;
      setServerError(amountErrorOf(error));
      toast.error(submissionErrorText(error), t('cashier.status.toastTitle'));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  if (!config.crypto || networks.length === 0) {
    return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="crypto-form"
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
        testId="crypto-sum"
        note={{
          tone: 'muted',
          text: t('cashier.sumNote', {
            min: formatMoney(limits.min, language),
            max: formatMoney(limits.max, language),
          }),
        }}
      />
      <Dropdown
        label={t('cashier.net')}
        value={net}
        options={cryptoNetworks
          .filter((network) => networks.includes(network))
          .map((network) => ({ value: network, label: network }))}
        onChange={setNet}
        testId="crypto-net"
      />
      <Button
        type="submit"
        variant="primary"
        size="lg"
        block
        disabled={busy}
        data-testid="crypto-submit"
      >
        {busy && <Spinner size={16} />}
        {t('cashier.getAddress')}
      </Button>
    </form>
  );
}
