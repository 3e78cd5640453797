import { describe, expect, it } from 'vitest';
import { cardBrand, checkCard, luhnValid } from './cards';

const now = new Date('2026-11-25T00:00:00Z');
const card = (number: string, extra: Partial<Record<string, unknown>> = {}) =>
  checkCard({ number, exp_month: 12, exp_year: 2030, cvc: '123', ...extra }, now, 'key');

describe('test cards', () => {
  it('decides each documented number and never keeps it', () => {
    expect(card('4242 4242 4242 4242')).toMatchObject({
      behaviour: 'approve',
      brand: 'visa',
      last4: '4242',
    });
    expect(card('4000 0000 0000 0002')).toMatchObject({
      behaviour: 'decline_generic',
      last4: '0002',
    });
    expect(card('4000 0000 0000 9995')).toMatchObject({ behaviour: 'decline_insufficient_funds' });
    expect(card('4000 0025 0000 3155')).toMatchObject({
      behaviour: 'three_d_secure',
      last4: '3155',
    });
    expect(JSON.stringify(card('4242 4242 4242 4242'))).not.toContain('4242424242424242');
  });

  it('approves any other Luhn-valid number and refuses a Luhn-invalid one', () => {
    expect(card('5555 5555 5555 4444')).toMatchObject({
      behaviour: 'approve',
      brand: 'mastercard',
    });
    expect(card('4242 4242 4242 4241')).toMatchObject({ code: 'incorrect_number' });
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('refuses a past expiry, a bad month and a short CVC', () => {
    expect(card('4242424242424242', { exp_month: 10, exp_year: 2026 })).toMatchObject({
      code: 'invalid_expiry_year',
    });
    expect(card('4242424242424242', { exp_month: 13 })).toMatchObject({
      code: 'invalid_expiry_month',
    });
    expect(card('4242424242424242', { cvc: '12' })).toMatchObject({ code: 'invalid_cvc' });
    expect(card('4242424242424242', { exp_month: 11, exp_year: 26 })).toMatchObject({
      behaviour: 'approve',
    });
  });
});
