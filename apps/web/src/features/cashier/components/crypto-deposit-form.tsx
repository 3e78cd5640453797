import type { Payment, PaymentsConfigResponse } from '@casino/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fieldErrorText,
  serverErrorType,
  useSchemaForm,
  withMask,
} from '../../../shared/lib/schema-form';
import { useSubmitPayment } from '../api/payments';
import { maskAmount } from '../lib/masks';
import { cryptoFormSchema } from '../lib/form-schemas';
import { toAmount, type CashierErrorKey } from '../lib/validation';
import { useErrorText } from './error-text';
import {
  CashierSubmit,
  defaultNetwork,
  NetworkDropdown,
  SumField,
  useLimitsNote,
  useRefusal,
} from './form-parts';
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
  const networks = config.crypto?.networks ?? [];
  const limits = config.limits.deposit;
  const schema = useMemo(() => cryptoFormSchema(limits, { withAddress: false }), [limits]);
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = useSchemaForm(
    schema,
    {
      sum: '',
      net: defaultNetwork(networks),
      transferAdress: '',
    },
  );
  const net = watch('net');
  const { busy, run } = useIdempotentSubmit();
  const submit = useSubmitPayment();
  const errorText = useErrorText(limits, net);
  const limitsNote = useLimitsNote(limits);
  const refusal = useRefusal();
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
    refusal(error, (message) => setError('sum', { type: serverErrorType, message }));
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
      <SumField
        {...withMask(register('sum'), maskAmount)}
        error={sumError}
        testId="crypto-sum"
        note={limitsNote}
      />
      <NetworkDropdown
        networks={networks}
        value={net}
        onChange={(next) => setValue('net', next)}
        testId="crypto-net"
      />
      <CashierSubmit busy={busy} testId="crypto-submit">
        {t('cashier.getAddress')}
      </CashierSubmit>
    </form>
  );
}
