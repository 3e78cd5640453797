import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { fieldErrorText, useSchemaForm, withMask } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import type { FieldError } from 'react-hook-form';
import type { Billing } from '../api/tokenize';
import {
  payMonths,
  payYears,
  type CardPayErrorKey,
  type CardPayValues,
} from '../lib/card-pay-validation';
import { cardPaySchema } from '../lib/card-pay-schema';
import { cardNumberMaxLength, cvvMaxLength, maskCardNumber, maskCvv } from '../lib/masks';
import { PhoneInput } from './phone-input';
import styles from './card-pay.module.css';

type Field = keyof CardPayValues;
const fieldOrder: readonly Field[] = [
  'name',
  'cardNumber',
  'month',
  'year',
  'cvc',
  'email',
  'phone',
];

export interface CardPayResult {
  card: { number: string; expMonth: number; expYear: number; cvc: string };
  billing: Billing;
}

interface CardPayModalProps {
  initial: CardPayValues;
  /** "$100.00": what the button pays. */
  amount: string;
  onConfirm: (result: CardPayResult) => void;
  onClose: () => void;
}

/**
 * The CardPay modal (SPEC §2 "Modals", §3 card payment form): the billing step of a first
 * card deposit. The card comes over from the cashier's card form and can be corrected here;
 * e-mail and phone are the billing details the payment service gets with the card.
 */
export default function CardPayModal({ initial, amount, onConfirm, onClose }: CardPayModalProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const schema = useMemo(() => cardPaySchema(), []);
  // The month and year lists are not inputs a focus can go to: the first invalid field that
  // is one gets it, as before.
  const { register, control, handleSubmit, setFocus, formState } = useSchemaForm(schema, initial, {
    shouldFocusError: false,
  });
  // The phone's value is an object, but its rule gives one message for the whole field.
  const errorOf = (field: Field) =>
    fieldErrorText(formState.errors[field] as FieldError | undefined, (key) =>
      t(`cashier.pay.errors.${key as CardPayErrorKey}`),
    );

  // Month names January to December (SPEC §3), capitalised as a list item in either language.
  const monthName = new Intl.DateTimeFormat(language, { month: 'long' });
  const months = payMonths.map((month) => {
    const name = monthName.format(new Date(2026, month - 1, 1));
    return {
      value: String(month),
      label: name.charAt(0).toLocaleUpperCase(language) + name.slice(1),
    };
  });
  const years = payYears.map((year) => ({ value: String(year), label: String(year) }));

  const onSubmit = handleSubmit(
    (values) => {
      if (values.month === null || values.year === null) return;
      const { digits, country, ext } = values.phone;
      const number = parsePhoneNumberFromString(digits, country)?.number ?? digits;
      onConfirm({
        card: {
          number: values.cardNumber,
          expMonth: values.month,
          expYear: values.year,
          cvc: values.cvc,
        },
        billing: {
          name: values.name.trim(),
          email: values.email.trim(),
          phone: ext ? `${number} ext. ${ext}` : number,
        },
      });
    },
    (invalid) => {
      const first = fieldOrder.find((field) => invalid[field]);
      if (first) setFocus(first);
    },
  );

  return (
    <Modal open onClose={onClose} title={t('cashier.pay.title')} name="cardPay">
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="card-pay-form"
      >
        <p className={styles.lead}>{t('cashier.pay.lead')}</p>
        <TextField
          {...register('name')}
          label={t('cashier.pay.name')}
          error={errorOf('name')}
          autoComplete="cc-name"
          maxLength={40}
          testId="pay-name"
        />
        <TextField
          {...withMask(register('cardNumber'), maskCardNumber)}
          label={t('cashier.pay.cardNumber')}
          error={errorOf('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={cardNumberMaxLength}
          testId="pay-card"
        />
        <div className={styles.row3}>
          <div>
            <Controller
              control={control}
              name="month"
              render={({ field }) => (
                <Dropdown
                  label={t('cashier.pay.month')}
                  value={field.value === null ? '' : String(field.value)}
                  placeholder={t('cashier.pay.monthPlaceholder')}
                  options={months}
                  onChange={(month) => field.onChange(Number(month))}
                  testId="pay-month"
                />
              )}
            />
            {errorOf('month') && (
              <p className={styles.error} role="alert">
                {errorOf('month')}
              </p>
            )}
          </div>
          <div>
            <Controller
              control={control}
              name="year"
              render={({ field }) => (
                <Dropdown
                  label={t('cashier.pay.year')}
                  value={field.value === null ? '' : String(field.value)}
                  placeholder={t('cashier.pay.yearPlaceholder')}
                  options={years}
                  onChange={(year) => field.onChange(Number(year))}
                  testId="pay-year"
                />
              )}
            />
            {errorOf('year') && (
              <p className={styles.error} role="alert">
                {errorOf('year')}
              </p>
            )}
          </div>
          <TextField
            {...withMask(register('cvc'), maskCvv)}
            label={t('cashier.pay.cvc')}
            error={errorOf('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvMaxLength}
            testId="pay-cvc"
          />
        </div>
        <TextField
          {...register('email')}
          type="email"
          label={t('cashier.pay.email')}
          error={errorOf('email')}
          autoComplete="email"
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
