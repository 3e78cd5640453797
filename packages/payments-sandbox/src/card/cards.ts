import { createHmac } from 'node:crypto';

/**
 * What the sandbox decides from a card number when it is tokenised. The number itself is
 * never kept: only this behaviour, the brand, the last four digits and a keyed fingerprint.
 */
export type CardBehaviour =
  'approve' | 'decline_generic' | 'decline_insufficient_funds' | 'three_d_secure';

/** The documented test cards (docs/protocols/card-sandbox.md); any other valid number approves. */
export const testCards: Record<string, CardBehaviour> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline_generic',
  '4000000000009995': 'decline_insufficient_funds',
  '4000002500003155': 'three_d_secure',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^(220[0-4])/.test(digits)) return 'mir';
  return 'unknown';
}

export interface CardInput {
  number: unknown;
  exp_month: unknown;
  exp_year: unknown;
  cvc: unknown;
}

export interface CardError {
  code: 'incorrect_number' | 'invalid_expiry_month' | 'invalid_expiry_year' | 'invalid_cvc';
  param: string;
  message: string;
}

export interface CheckedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  fingerprint: string;
  behaviour: CardBehaviour;
}

function wholeNumber(value: unknown): number | undefined {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : undefined;
}

/** Validates card details as a card network would; a failure names the field. */
export function checkCard(
  card: CardInput,
  now: Date,
  fingerprintKey: string,
): CheckedCard | CardError {
  const digits = typeof card.number === 'string' ? card.number.replace(/[\s-]/g, '') : '';
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return {
      code: 'incorrect_number',
      param: 'card[number]',
      message: 'Your card number is incorrect.',
    };
  }
  const month = wholeNumber(card.exp_month);
  if (month === undefined || month < 1 || month > 12) {
    return {
      code: 'invalid_expiry_month',
      param: 'card[exp_month]',
      message: "Your card's expiration month is invalid.",
    };
  }
  let year = wholeNumber(card.exp_year);
  if (year !== undefined && year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (
    year === undefined ||
    year > thisYear + 50 ||
    year < thisYear ||
    (year === thisYear && month < thisMonth)
  ) {
    return {
      code: 'invalid_expiry_year',
      param: 'card[exp_year]',
      message: "Your card's expiration year is invalid.",
    };
  }
  const brand = cardBrand(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (typeof card.cvc !== 'string' || !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    return {
      code: 'invalid_cvc',
      param: 'card[cvc]',
      message: "Your card's security code is invalid.",
    };
  }
  return {
    brand,
    last4: digits.slice(-4),
    expMonth: month,
    expYear: year,
    fingerprint: createHmac('sha256', fingerprintKey)
      .update(digits)
      .digest('base64url')
      .slice(0, 16),
    behaviour: testCards[digits] ?? 'approve',
  };
}
