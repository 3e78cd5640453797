import type { Payment, PaymentsConfigResponse } from '@casino/contracts';
import { LockKeyhole } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import {
  fieldErrorText,
  serverErrorType,
  useSchemaForm,
  withMask,
} from '../../../shared/lib/schema-form';
import { TextField } from '../../../shared/ui/field/text-field';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useAuthStore } from '../../auth';
import { useSavedCards, useSubmitPayment } from '../api/payments';
import { TokenizeError, tokenizeCard, type Billing, type CardToken } from '../api/tokenize';
import { playerRegion } from '../lib/player-region';
import {
  cardNumberMaxLength,
  cvvMaxLength,
  expiryMaxLength,
  maskAmount,
  maskCardNumber,
  maskCvv,
  maskExpiry,
} from '../lib/masks';
import { leaveFor } from '../lib/leave-for';
import { cardFormSchema } from '../lib/form-schemas';
import {
  parseExpiry,
  toAmount,
  toCents,
  type CardFormValues,
  type CashierErrorKey,
} from '../lib/validation';
import type { CardPayCard } from './card-pay-modal';
import { useErrorText } from './error-text';
import { CashierSubmit, SumField, useLimitsNote, useRefusal } from './form-parts';
import styles from './cashier.module.css';
import { useIdempotentSubmit } from './use-idempotent-submit';

// The billing step and its phone library come only with a first card deposit.
const CardPayModal = lazy(() => import('./card-pay-modal'));

type Field = keyof CardFormValues;
const empty: CardFormValues = { sum: '', name: '', expiry: '', card: '', cvv: '' };
const masks: Partial<Record<Field, (value: string) => string>> = {
  sum: maskAmount,
  expiry: maskExpiry,
  card: maskCardNumber,
  cvv: maskCvv,
};

interface CardDepositFormProps {
  config: PaymentsConfigResponse;
  onPayment: (payment: Payment) => void;
}

/**
 * The card form of SPEC §3/§5 (sum, name, expiry, card, cvv). The card goes to the payment
 * service's tokenisation endpoint from here; our API gets the token, the amount and the key.
 */
export function CardDepositForm({ config, onPayment }: CardDepositFormProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const errorText = useErrorText(config.limits.deposit);
  const limits = config.limits.deposit;
  const limitsNote = useLimitsNote(limits);
  const refusal = useRefusal();
  const schema = useMemo(() => cardFormSchema(limits), [limits]);
  const { register, handleSubmit, watch, reset, setError, clearErrors, setFocus, formState } =
    useSchemaForm(schema, empty);
  const values = watch();
  // A retry of the same values (no answer, provider down) sends the same key and the same
  // card token again, so the server sees one payment.
  const { busy, run, running } = useIdempotentSubmit<CardToken>();
  const submit = useSubmitPayment();
  const endpoint = config.card;
  const cards = useSavedCards();
  const email = useAuthStore((state) => state.user?.email ?? '');
  // The card form's values waiting for the billing step, and the card as that step shows it.
  const [billingStep, setBillingStep] = useState<{
    values: CardFormValues;
    card: CardPayCard;
  } | null>(null);
  // A first card deposit (no card deposited with yet) goes through the CardPay billing step.
  const firstCard = cards.data?.data.length === 0;

  const errorOf = (field: Field) =>
    fieldErrorText(formState.errors[field], (key) => errorText(key as CashierErrorKey));

  const onSubmit = handleSubmit((valid) => {
    // A double click or Enter held down: the first submission is the only one.
    if (running() || !endpoint) return;
    const expiry = parseExpiry(valid.expiry);
    if (!expiry) return;
    if (firstCard) {
      // The card is typed once: the billing step asks only for name, e-mail and phone.
      setBillingStep({
        values: valid,
        card: { number: valid.card, month: expiry.month, year: expiry.year, cvc: valid.cvv },
      });
      return;
    }
    void pay(valid, undefined);
  });

  const onBilling = (billing: Billing) => {
    if (!billingStep) return;
    setBillingStep(null);
    void pay(billingStep.values, billing);
  };

  const pay = async (paid: CardFormValues, billing: Billing | undefined) => {
    const expiry = parseExpiry(paid.expiry);
    if (!expiry || !endpoint) return;
    const result = await run(JSON.stringify([paid, billing]), async (key, attempt) => {
      // A refusal of the last attempt is not this one's.
      clearErrors();
      attempt.kept ??= await tokenizeCard(
        endpoint,
        { number: paid.card, expMonth: expiry.month, expYear: expiry.year, cvc: paid.cvv },
        billing,
      );
      return submit.mutateAsync({
        kind: 'card-deposit',
        body: {
          amount: toAmount(paid.sum),
          payment_method: attempt.kept.id,
          idempotency_key: key,
        },
      });
    });
    if (!result) return;
    if (result.ok) {
      const payment = result.value;
      if (payment.status === 'requires_action' && payment.redirect_url) {
        // The 3-D Secure page returns to /profile/balance/credit?payment={id}.
        leaveFor(payment.redirect_url);
        return;
      }
      if (payment.display_status !== 'canceled') reset(empty);
      onPayment(payment);
      return;
    }
    const { error } = result;
    console.warn('Card deposit was not made', error instanceof Error ? error.name : error);
    // The payment service refused the card (a final answer: the next try makes a new token).
    if (error instanceof TokenizeError) {
      const field = error.field;
      const text =
        field === 'card'
          ? t('cashier.errors.cardInvalid')
          : field === 'expiry'
            ? t('cashier.errors.expiryPast')
            : field === 'cvv'
              ? t('cashier.errors.cvvRequired')
              : t('cashier.errors.providerUnavailable');
      if (field) {
        setError(field, { type: serverErrorType, message: text });
        setFocus(field);
      }
      toast.error(field ? t('cashier.errors.cardRefused') : text, t('cashier.status.toastTitle'));
      return;
    }
    refusal(error, (message) => {
      setError('sum', { type: serverErrorType, message });
      setFocus('sum');
    });
  };

  const bind = (field: Field) => {
    const mask = masks[field];
    return {
      ...(mask ? withMask(register(field), mask) : register(field)),
      error: errorOf(field),
      testId: `card-${field}`,
    };
  };

  const amount = toCents(values.sum) !== null ? formatMoney(toAmount(values.sum), language) : '';

  if (!endpoint) return <p className={styles.unavailable}>{t('cashier.unavailable')}</p>;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="card-form"
    >
      <SumField {...bind('sum')} note={limitsNote} />
      <TextField {...bind('name')} label={t('cashier.name')} autoComplete="cc-name" />
      <TextField
        {...bind('card')}
        label={t('cashier.cardNumber')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={cardNumberMaxLength}
      />
      <div className={styles.row}>
        <TextField
          {...bind('expiry')}
          label={t('cashier.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={expiryMaxLength}
        />
        <TextField
          {...bind('cvv')}
          label={t('cashier.cvv')}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={cvvMaxLength}
        />
      </div>
      <p className={styles.secure}>
        <LockKeyhole size={14} aria-hidden="true" />
        {t('cashier.secure')}
      </p>
      <CashierSubmit busy={busy} testId="card-submit">
        {amount ? t('cashier.deposit', { amount }) : t('cashier.depositPlain')}
      </CashierSubmit>
      {billingStep && (
        <Suspense fallback={null}>
          <CardPayModal
            card={billingStep.card}
            known={{ name: billingStep.values.name.trim(), email }}
            region={playerRegion()}
            amount={amount}
            onConfirm={onBilling}
            onClose={() => setBillingStep(null)}
          />
        </Suspense>
      )}
    </form>
  );
}
