import { describe, expect, it } from 'vitest';
import { maskAmount, maskCardNumber, maskCvv, maskExpiry, passesLuhn } from './masks';

describe('expiry mask (SPEC §5: "MM / YY")', () => {
  it('keeps digits only and inserts " / " after two digits', () => {
    expect(maskExpiry('1')).toBe('1');
    expect(maskExpiry('12')).toBe('12');
    expect(maskExpiry('122')).toBe('12 / 2');
    expect(maskExpiry('1228')).toBe('12 / 28');
    expect(maskExpiry('1a2/b2-8')).toBe('12 / 28');
  });

  it('takes at most 4 digits, so at most 7 characters', () => {
    expect(maskExpiry('122834')).toBe('12 / 28');
    expect(maskExpiry('12 / 2834')).toHaveLength(7);
  });

  it('forces a leading 0 when the first digit is 2 to 9', () => {
    expect(maskExpiry('2')).toBe('02');
    expect(maskExpiry('9')).toBe('09');
    expect(maskExpiry('428')).toBe('04 / 28');
    expect(maskExpiry('0')).toBe('0');
    expect(maskExpiry('1')).toBe('1');
  });

  it('fixes a bad second digit after a leading 1: the month is capped at 12', () => {
    expect(maskExpiry('13')).toBe('12');
    expect(maskExpiry('19')).toBe('12');
    expect(maskExpiry('1928')).toBe('12 / 28');
    expect(maskExpiry('10')).toBe('10');
    expect(maskExpiry('11')).toBe('11');
  });

  it('has no month 00', () => {
    expect(maskExpiry('00')).toBe('0');
    expect(maskExpiry('01')).toBe('01');
  });

  it('lets the player delete back over the separator', () => {
    expect(maskExpiry('12 / ')).toBe('12');
    expect(maskExpiry('12 /')).toBe('12');
  });
});

describe('card number mask (SPEC §5)', () => {
  it('keeps digits only, in groups of four separated by spaces', () => {
    expect(maskCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(maskCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(maskCardNumber('4000002')).toBe('4000 002');
    expect(maskCardNumber('4242')).toBe('4242');
  });

  it('is at most 19 characters long', () => {
    expect(maskCardNumber('42424242424242424242')).toBe('4242 4242 4242 4242');
    expect(maskCardNumber('42424242424242424242')).toHaveLength(19);
  });
});

describe('CVV mask (SPEC §5)', () => {
  it('keeps at most 3 digits', () => {
    expect(maskCvv('1234')).toBe('123');
    expect(maskCvv('1a2')).toBe('12');
  });
});

describe('amount mask', () => {
  it('keeps digits and one point with at most two decimals', () => {
    expect(maskAmount('100')).toBe('100');
    expect(maskAmount('100.505')).toBe('100.50');
    expect(maskAmount('12,5')).toBe('12.5');
    expect(maskAmount('$1a0.0.1')).toBe('10.01');
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
