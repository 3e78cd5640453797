import type { CountryCode } from 'libphonenumber-js/min';
import { cardNumberMaxLength, cvvMaxLength, passesLuhn } from './masks';
import { hasEnoughDigits, phoneLength } from './phone';

/**
 * The card payment form (SPEC §3 "Card payment form", §5): name 3–20 characters, cardNumber
 * (max 19; a whole number that passes the Luhn check to move money), month, year, cvc exactly
 * 3, a valid email, a phone of 7 to 15 characters whose length is possible for its country.
 * The card's fields come from the card form, typed once (issue 25): the year is the card's,
 * not one of a fixed 2025–2035 list, which went with the dropdowns (docs/decisions/064).
 */

export interface CardPayValues {
  name: string;
  cardNumber: string;
  month: number | null;
  year: number | null;
  cvc: string;
  email: string;
  phone: { country: CountryCode; text: string; digits: string; ext?: string | undefined };
}

export type CardPayErrorKey =
  | 'nameRequired'
  | 'cardRequired'
  | 'cardInvalid'
  | 'monthRequired'
  | 'yearRequired'
  | 'expiryPast'
  | 'codeRequired'
  | 'emailRequired'
  | 'phoneRequired'
  | 'phoneTooShort'
  | 'phoneTooLong'
  | 'phoneInvalidLength';

type Field = Exclude<keyof CardPayValues, never>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateCardPay(
  values: CardPayValues,
  now: Date = new Date(),
): Partial<Record<Field, CardPayErrorKey>> {
  const errors: Partial<Record<Field, CardPayErrorKey>> = {};
  const name = values.name.trim();
  if (name.length < 3 || name.length > 20) errors.name = 'nameRequired';
  if (values.cardNumber.length < cardNumberMaxLength) errors.cardNumber = 'cardRequired';
  else if (!passesLuhn(values.cardNumber)) errors.cardNumber = 'cardInvalid';
  if (values.month === null) errors.month = 'monthRequired';
  if (values.year === null) errors.year = 'yearRequired';
  else if (
    values.month !== null &&
    values.year * 12 + values.month - 1 < now.getFullYear() * 12 + now.getMonth()
  ) {
    errors.month = 'expiryPast';
  }
  if (values.cvc.length !== cvvMaxLength) errors.cvc = 'codeRequired';
  if (!emailPattern.test(values.email.trim())) errors.email = 'emailRequired';
  const { digits, country } = values.phone;
  if (digits.length < 7 || digits.length > 15 || !hasEnoughDigits(digits)) {
    errors.phone = 'phoneRequired';
  } else {
    const length = phoneLength(digits, country);
    if (length === 'too short') errors.phone = 'phoneTooShort';
    else if (length === 'too long') errors.phone = 'phoneTooLong';
    else if (length === 'invalid length') errors.phone = 'phoneInvalidLength';
  }
  return errors;
}
