import {
  cryptoNetworks,
  type CryptoNetwork,
  type Payment,
  type PaymentsConfigResponse,
} from '@casino/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import {
  fieldErrorText,
  serverErrorType,
  useSchemaForm,
  withMask,
} from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useSubmitPayment } from '../api/payments';
import { maskAmount } from '../lib/masks';
import { amountErrorOf, submissionErrorText } from '../lib/submission-errors';
import { cryptoFormSchema } from '../lib/form-schemas';
import { toAmount, type CashierErrorKey } from '../lib/validation';
import { useErrorText } from './error-text';
import styles from './cashier.module.css';
import { useIdempotentSubmit } from './use-idempotent-submit';

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
  const limits = config.limits.deposit;
  const schema = useMemo(() => cryptoFormSchema(limits, { withAddress: false }), [limits]);
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = useSchemaForm(
    schema,
    {
      sum: '',
      net: networks.includes('ETH') ? 'ETH' : (networks[0] ?? 'ETH'),
      transferAdress: '',
    },
  );
  const net = watch('net');
  const { busy, run } = useIdempotentSubmit();
  const submit = useSubmitPayment();
  const errorText = useErrorText(limits, net);
  const sumError = fieldErrorText(formState.errors.sum, (key) => errorText(key as CashierErrorKey));

  const onSubmit = handleSubmit(async ({ sum }) => {
    const result = await run(`${sum}|${net}`, (key) =>
      submit.mutateAsync({
        kind: 'crypto-deposit',
        body: { amount: toAmount(sum), net, idempotency_key: key },
      }),
    );
    if (!result) return;
    if (result.ok) {
      reset({ sum: '', net, transferAdress: '' });
      onPayment(result.value);
      return;
    }
    const { error } = result;
    console.warn('Crypto deposit was not started', error instanceof Error ? error.name : error);
    const amount = amountErrorOf(error);
    if (amount) setError('sum', { type: serverErrorType, message: amount });
    toast.error(submissionErrorText(error), t('cashier.status.toastTitle'));
  });

  if (!config.crypto || networks.length === 0) {
    return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;
  }

  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void onSubmit(event);
      }}
      noValidate
      data-testid="crypto-form"
    >
      <TextField
        {...withMask(register('sum'), maskAmount)}
        label={t('cashier.sum')}
        error={sumError}
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
        onChange={(next: CryptoNetwork) => setValue('net', next)}
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
