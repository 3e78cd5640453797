import { describe, expect, it } from 'vitest';
import {
  parseExpiry,
  toAmount,
  toCents,
  validateCardForm,
  validateCryptoForm,
  type CardFormValues,
} from './validation';

const limits = { min: '10.00', max: '5000.00' };
const now = new Date(2026, 10, 25);
const good: CardFormValues = {
  sum: '100',
  name: 'Ivan Petrov',
  expiry: '12 / 34',
  card: '4242 4242 4242 4242',
  cvv: '123',
};
const errorsOf = (values: Partial<CardFormValues>) =>
  validateCardForm({ ...good, ...values }, limits, now);

describe('card form (SPEC §5)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('needs every field, with the spec messages', () => {
    expect(
      validateCardForm({ sum: '', name: '', expiry: '', card: '', cvv: '' }, limits, now),
    ).toEqual({
      sum: 'sumReqired',
      name: 'nameRequired',
      expiry: 'expiryRequired',
      card: 'cardRequired',
      cvv: 'cvvRequired',
    });
    expect(errorsOf({ name: '   ' })).toEqual({ name: 'nameRequired' });
  });

  it('needs an expiry of at least 7 characters, in the future', () => {
    expect(errorsOf({ expiry: '12 / 3' })).toEqual({ expiry: 'expiryRequired' });
    expect(errorsOf({ expiry: '10 / 26' })).toEqual({ expiry: 'expiryPast' });
    expect(errorsOf({ expiry: '11 / 26' })).toEqual({});
    expect(errorsOf({ expiry: '00 / 30' })).toEqual({ expiry: 'expiryRequired' });
  });

  it('needs a card of at least 19 characters that passes the Luhn check', () => {
    expect(errorsOf({ card: '4242 4242 4242 424' })).toEqual({ card: 'cardRequired' });
    expect(errorsOf({ card: '4242 4242 4242 4241' })).toEqual({ card: 'cardInvalid' });
  });

  it('needs a CVV of exactly 3 characters', () => {
    expect(errorsOf({ cvv: '12' })).toEqual({ cvv: 'cvvRequired' });
  });

  it('keeps the sum within the limits, in cents', () => {
    expect(errorsOf({ sum: '9.99' })).toEqual({ sum: 'sumRange' });
    expect(errorsOf({ sum: '10' })).toEqual({});
    expect(errorsOf({ sum: '5000.00' })).toEqual({});
    expect(errorsOf({ sum: '5000.01' })).toEqual({ sum: 'sumRange' });
    expect(errorsOf({ sum: '0' })).toEqual({ sum: 'sumFormat' });
    expect(errorsOf({ sum: '1.' })).toEqual({ sum: 'sumFormat' });
  });
});

describe('crypto form (SPEC §5)', () => {
  it('needs the sum ("Sum is required") and, to withdraw, the transfer address', () => {
    expect(
      validateCryptoForm({ sum: '', net: 'ETH', transferAdress: '' }, limits, {
        withAddress: true,
      }),
    ).toEqual({ sum: 'sumRequired', transferAdress: 'transferAdressRequired' });
    expect(
      validateCryptoForm({ sum: '50', net: 'ETH', transferAdress: '' }, limits, {
        withAddress: false,
      }),
    ).toEqual({});
  });

  it('needs an address of the chosen network', () => {
    const eth = `0x${'ab'.repeat(20)}`;
    const values = { sum: '50', transferAdress: eth };
    expect(validateCryptoForm({ ...values, net: 'ETH' }, limits, { withAddress: true })).toEqual(
      {},
    );
    expect(validateCryptoForm({ ...values, net: 'TRC' }, limits, { withAddress: true })).toEqual({
      transferAdress: 'addressInvalid',
    });
  });
});

describe('amounts and expiry', () => {
  it('reads dollars as cents and writes them with two decimals', () => {
    expect(toCents('12.5')).toBe(1250n);
    expect(toCents('12.555')).toBeNull();
    expect(toAmount('100')).toBe('100.00');
    expect(toAmount('12.5')).toBe('12.50');
  });

  it('reads "MM / YY" as a month and a year of this century', () => {
    expect(parseExpiry('04 / 28')).toEqual({ month: 4, year: 2028 });
    expect(parseExpiry('13 / 28')).toBeNull();
  });
});
