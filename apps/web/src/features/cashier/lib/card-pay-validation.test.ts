import { describe, expect, it } from 'vitest';
import { validateCardPay, type CardPayValues } from './card-pay-validation';

const now = new Date(2026, 10, 25);
const good: CardPayValues = {
  name: 'Ivan Petrov',
  cardNumber: '4242 4242 4242 4242',
  month: 12,
  year: 2034,
  cvc: '123',
  email: 'ivan@example.com',
  phone: { country: 'BY', text: '+375291234567', digits: '+375291234567' },
};
const errorsOf = (values: Partial<CardPayValues>) => validateCardPay({ ...good, ...values }, now);

describe('card payment form (SPEC §3/§5)', () => {
  it('takes a card valid beyond 2035 (the card form’s own expiry, typed once)', () => {
    expect(errorsOf({ month: 1, year: 2036 })).toEqual({});
  });

  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
  });

  it('needs a name of 3 to 20 characters', () => {
    expect(errorsOf({ name: 'Iv' })).toEqual({ name: 'nameRequired' });
    expect(errorsOf({ name: 'Ivy' })).toEqual({});
    expect(errorsOf({ name: 'A'.repeat(20) })).toEqual({});
    expect(errorsOf({ name: 'A'.repeat(21) })).toEqual({ name: 'nameRequired' });
  });

  it('needs the card, the month, a cvc of exactly 3 and a valid email', () => {
    expect(errorsOf({ cardNumber: '' })).toEqual({ cardNumber: 'cardRequired' });
    expect(errorsOf({ cardNumber: '4242 4242 4242 4241' })).toEqual({ cardNumber: 'cardInvalid' });
    expect(errorsOf({ month: null })).toEqual({ month: 'monthRequired' });
    expect(errorsOf({ year: null })).toEqual({ year: 'yearRequired' });
    expect(errorsOf({ month: 10, year: 2026 })).toEqual({ month: 'expiryPast' });
    expect(errorsOf({ cvc: '12' })).toEqual({ cvc: 'codeRequired' });
    expect(errorsOf({ email: 'ivan@' })).toEqual({ email: 'emailRequired' });
  });

  it('needs a phone of 7 to 15 characters of a possible length', () => {
    expect(errorsOf({ phone: { country: 'BY', text: '+37529', digits: '+37529' } })).toEqual({
      phone: 'phoneRequired',
    });
    expect(errorsOf({ phone: { country: 'BY', text: '+3752912', digits: '+3752912' } })).toEqual({
      phone: 'phoneTooShort',
    });
    expect(
      errorsOf({ phone: { country: 'BY', text: '+12025550123456', digits: '+12025550123456' } }),
    ).toEqual({
      phone: 'phoneTooLong',
    });
    expect(
      errorsOf({ phone: { country: 'BY', text: '+791612345678', digits: '+791612345678' } }),
    ).toEqual({
      phone: 'phoneInvalidLength',
    });
    expect(
      errorsOf({
        phone: { country: 'BY', text: '+3752912345678901', digits: '+3752912345678901' },
      }),
    ).toEqual({
      phone: 'phoneRequired',
    });
  });
});
