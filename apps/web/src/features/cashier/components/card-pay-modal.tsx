import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { CreditCard } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import type { Billing } from '../api/tokenize';
import { cardPaySchema } from '../lib/card-pay-schema';
import {
  validateCardPay,
  type CardPayErrorKey,
  type CardPayValues,
} from '../lib/card-pay-validation';
import { phoneCountryOr } from '../lib/phone';
import { PhoneInput } from './phone-input';
import styles from './card-pay.module.css';

/** What the billing step asks for: the card itself was typed once, on the card form. */
type Field = 'name' | 'email' | 'phone';
const fields: readonly Field[] = ['name', 'email', 'phone'];
const cardFields = ['cardNumber', 'month', 'year', 'cvc'] as const;

export interface CardPayCard {
  /** "4242 4242 4242 4242", as the card form holds it. */
  number: string;
  month: number;
  year: number;
  cvc: string;
}

interface CardPayModalProps {
  card: CardPayCard;
  /** What is known already: the name on the card, the account's e-mail. */
  known: { name: string; email: string };
  /** The player's country, when known (player-region.ts): the phone's first country. */
  region: string | undefined;
  /** "$100.00": what the button pays. */
  amount: string;
  onConfirm: (billing: Billing) => void;
  onClose: () => void;
}

/**
 * The CardPay modal (SPEC §2 "Modals", §3 card payment form): the billing step of a first
 * card deposit. The card comes from the card form and is never asked for again (issue 25): it
 * is shown, and its fields are checked with the rest of the SPEC's schema; the step asks only
 * for name, e-mail and phone, filled from the card form and the account, the phone starting
 * from the player's country when it is known, else BY.
 */
export default function CardPayModal({
  card,
  known,
  region,
  amount,
  onConfirm,
  onClose,
}: CardPayModalProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => cardPaySchema(), []);
  const initial = useMemo<CardPayValues>(
    () => ({
      name: known.name,
      cardNumber: card.number,
      month: card.month,
      year: card.year,
      cvc: card.cvc,
      email: known.email,
      phone: { country: phoneCountryOr(region), text: '', digits: '' },
    }),
    [card, known, region],
  );
  // The first field still missing takes the focus when the step opens.
  const firstMissing = useMemo(() => {
    const errors = validateCardPay(initial);
    return fields.find((field) => errors[field]) ?? 'phone';
  }, [initial]);
  const { register, control, handleSubmit, setFocus, formState } = useSchemaForm(schema, initial, {
    shouldFocusError: false,
  });
  const errorOf = (field: keyof CardPayValues) =>
    fieldErrorText(formState.errors[field] as FieldError | undefined, (key) =>
      t(`cashier.pay.errors.${key as CardPayErrorKey}`),
    );
  // The card form checks the same rules, so this stays empty unless the two ever disagree.
  const cardError = cardFields.map(errorOf).find(Boolean);

  const onSubmit = handleSubmit(
    (values) => {
      const { digits, country, ext } = values.phone;
      const number = parsePhoneNumberFromString(digits, country)?.number ?? digits;
      onConfirm({
        name: values.name.trim(),
        email: values.email.trim(),
        phone: ext ? `${number} ext. ${ext}` : number,
      });
    },
    (invalid) => {
      const first = fields.find((field) => invalid[field]);
      if (first) setFocus(first);
    },
  );

  const expiry = `${String(card.month).padStart(2, '0')}/${String(card.year % 100).padStart(2, '0')}`;

  return (
    <Modal open onClose={onClose} title={t('cashier.pay.title')} name="cardPay">
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="card-pay-form"
      >
        <p className={styles.lead}>{t('cashier.pay.lead')}</p>
        <div className={styles.card} data-testid="pay-card-summary">
          <CreditCard size={20} aria-hidden="true" />
          <span className={styles.cardText}>
            <span>{t('cashier.pay.cardEnding', { last4: card.number.slice(-4) })}</span>{' '}
            <span className={styles.cardValid}>{t('cashier.pay.cardValid', { expiry })}</span>
          </span>
          <button type="button" className={styles.change} onClick={onClose}>
            {t('cashier.pay.changeCard')}
          </button>
        </div>
        {cardError && (
          <p className={styles.error} role="alert">
            {cardError}
          </p>
        )}
        <TextField
          {...register('name')}
          label={t('cashier.pay.name')}
          error={errorOf('name')}
          autoComplete="cc-name"
          maxLength={40}
          data-autofocus={firstMissing === 'name' ? true : undefined}
          testId="pay-name"
        />
        <TextField
          {...register('email')}
          type="email"
          label={t('cashier.pay.email')}
          error={errorOf('email')}
          autoComplete="email"
          data-autofocus={firstMissing === 'email' ? true : undefined}
          testId="pay-email"
        />
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorOf('phone')}
              autoFocus={firstMissing === 'phone'}
            />
          )}
        />
        <Button type="submit" variant="primary" size="lg" block data-testid="pay-submit">
          {t('cashier.pay.submit', { amount })}
        </Button>
      </form>
    </Modal>
  );
}
