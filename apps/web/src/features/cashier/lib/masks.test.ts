import { describe, expect, it } from 'vitest';
import { maskAmount, maskCardNumber, maskCvv, maskExpiry, passesLuhn } from './masks';

const masks = { expiry: maskExpiry, card: maskCardNumber, cvv: maskCvv, amount: maskAmount };

/** What each field shows for what was typed (or pasted) into it. */
const shown: [keyof typeof masks, string, string][] = [
  // Expiry (SPEC §5: "MM / YY"): digits only, " / " after two digits.
  ['expiry', '1', '1'],
  ['expiry', '12', '12'],
  ['expiry', '122', '12 / 2'],
  ['expiry', '1228', '12 / 28'],
  ['expiry', '1a2/b2-8', '12 / 28'],
  // At most 4 digits.
  ['expiry', '122834', '12 / 28'],
  // A leading 0 when the first digit is 2 to 9.
  ['expiry', '2', '02'],
  ['expiry', '9', '09'],
  ['expiry', '428', '04 / 28'],
  ['expiry', '0', '0'],
  // A bad second digit after a leading 1: the month is capped at 12.
  ['expiry', '13', '12'],
  ['expiry', '19', '12'],
  ['expiry', '1928', '12 / 28'],
  ['expiry', '10', '10'],
  ['expiry', '11', '11'],
  // No month 00.
  ['expiry', '00', '0'],
  ['expiry', '01', '01'],
  // The player deletes back over the separator.
  ['expiry', '12 / ', '12'],
  ['expiry', '12 /', '12'],
  // Card number (SPEC §5): digits only, in groups of four, at most 19 characters.
  ['card', '4242424242424242', '4242 4242 4242 4242'],
  ['card', '4242-4242 42a42', '4242 4242 4242'],
  ['card', '4000002', '4000 002'],
  ['card', '4242', '4242'],
  ['card', '42424242424242424242', '4242 4242 4242 4242'],
  // CVV (SPEC §5): at most 3 digits.
  ['cvv', '1234', '123'],
  ['cvv', '1a2', '12'],
  // Amount: digits and one point with at most two decimals.
  ['amount', '100', '100'],
  ['amount', '100.505', '100.50'],
  ['amount', '12,5', '12.5'],
  ['amount', '$1a0.0.1', '10.01'],
];

describe('input masks (SPEC §5)', () => {
  it.each(shown)('%s: "%s" shows as "%s"', (field, typed, expected) => {
    expect(masks[field](typed)).toBe(expected);
  });

  it('caps the expiry at 7 characters and the card number at 19', () => {
    expect(maskExpiry('12 / 2834')).toHaveLength(7);
    expect(maskCardNumber('42424242424242424242')).toHaveLength(19);
  });
});

describe('Luhn check', () => {
  it('passes the test cards and refuses a typo', () => {
    expect(passesLuhn('4242 4242 4242 4242')).toBe(true);
    expect(passesLuhn('4000 0000 0000 0002')).toBe(true);
    expect(passesLuhn('4000 0000 0000 9995')).toBe(true);
    expect(passesLuhn('4000 0025 0000 3155')).toBe(true);
    expect(passesLuhn('4242 4242 4242 4241')).toBe(false);
  });
});
