import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import type { Billing } from '../api/tokenize';
import {
  payMonths,
  payYears,
  validateCardPay,
  type CardPayValues,
} from '../lib/card-pay-validation';
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
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const errors = validateCardPay(values);
  const errorOf = (field: Field) => {
    const key = errors[field];
    return (submitted || touched[field]) && key ? t(`cashier.pay.errors.${key}`) : undefined;
  };
  const set = <K extends Field>(field: K, value: CardPayValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const blur = (field: Field) => () => setTouched((current) => ({ ...current, [field]: true }));

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const first = fieldOrder.find((field) => errors[field]);
    if (first) {
      const input = event.currentTarget.elements.namedItem(first);
      if (input instanceof HTMLElement) input.focus();
      return;
    }
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
  };

  return (
    <Modal open onClose={onClose} title={t('cashier.pay.title')} name="cardPay">
      <form className={styles.form} onSubmit={onSubmit} noValidate data-testid="card-pay-form">
        <p className={styles.lead}>{t('cashier.pay.lead')}</p>
        <TextField
          name="name"
          label={t('cashier.pay.name')}
          value={values.name}
          onChange={(event) => set('name', event.target.value)}
          onBlur={blur('name')}
          error={errorOf('name')}
          autoComplete="cc-name"
          maxLength={40}
          testId="pay-name"
        />
        <TextField
          name="cardNumber"
          label={t('cashier.pay.cardNumber')}
          value={values.cardNumber}
          onChange={(event) => set('cardNumber', maskCardNumber(event.target.value))}
          onBlur={blur('cardNumber')}
          error={errorOf('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={cardNumberMaxLength}
          testId="pay-card"
        />
        <div className={styles.row3}>
          <div>
            <Dropdown
              label={t('cashier.pay.month')}
              value={values.month === null ? '' : String(values.month)}
              placeholder={t('cashier.pay.monthPlaceholder')}
              options={months}
              onChange={(month) => set('month', Number(month))}
              testId="pay-month"
            />
            {errorOf('month') && (
              <p className={styles.error} role="alert">
                {errorOf('month')}
              </p>
            )}
          </div>
          <div>
            <Dropdown
              label={t('cashier.pay.year')}
              value={values.year === null ? '' : String(values.year)}
              placeholder={t('cashier.pay.yearPlaceholder')}
              options={years}
              onChange={(year) => set('year', Number(year))}
              testId="pay-year"
            />
            {errorOf('year') && (
              <p className={styles.error} role="alert">
                {errorOf('year')}
              </p>
            )}
          </div>
          <TextField
            name="cvc"
            label={t('cashier.pay.cvc')}
            value={values.cvc}
            onChange={(event) => set('cvc', maskCvv(event.target.value))}
            onBlur={blur('cvc')}
            error={errorOf('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvvMaxLength}
            testId="pay-cvc"
          />
        </div>
        <TextField
          name="email"
          type="email"
          label={t('cashier.pay.email')}
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
          onBlur={blur('email')}
          error={errorOf('email')}
          autoComplete="email"
          testId="pay-email"
        />
        <PhoneInput
          value={values.phone}
          onChange={(phone) => set('phone', phone)}
          onBlur={blur('phone')}
          error={errorOf('phone')}
        />
        <Button type="submit" variant="primary" size="lg" block data-testid="pay-submit">
          {t('cashier.pay.submit', { amount })}
        </Button>
      </form>
    </Modal>
  );
}
