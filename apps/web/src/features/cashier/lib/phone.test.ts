import { describe, expect, it } from 'vitest';
import {
  cleanPhoneText,
  defaultPhoneCountry,
  phoneCountryOr,
  readPhone,
  formatPhone,
  hasEnoughDigits,
  normalizePhone,
  phoneExtension,
  phoneLength,
} from './phone';

describe('phone input rules (SPEC §4/§5)', () => {
  it('defaults to Belarus', () => {
    expect(defaultPhoneCountry).toBe('BY');
  });

  it("starts from the player's country when it is known, else Belarus", () => {
    expect(phoneCountryOr('RU')).toBe('RU');
    expect(phoneCountryOr('DE')).toBe('DE');
    expect(phoneCountryOr(undefined)).toBe('BY');
    expect(phoneCountryOr('XX')).toBe('BY');
  });

  it('converts full-width, Arabic-Indic and extended Arabic-Indic digits to plain digits', () => {
    expect(normalizePhone('２９１２３')).toBe('29123');
    expect(normalizePhone('٢٩١٢٣')).toBe('29123');
    expect(normalizePhone('۲۹۱۲۳')).toBe('29123');
  });

  it('accepts a plus only as the first character', () => {
    expect(normalizePhone('+375 29 123')).toBe('+37529123');
    expect(normalizePhone('375+29')).toBe('37529');
  });

  it('needs at least 2 digits', () => {
    expect(hasEnoughDigits('+3')).toBe(false);
    expect(hasEnoughDigits('+37')).toBe(true);
  });

  it('infers the country from a typed international number', () => {
    expect(formatPhone('+375291234567', 'BY')).toEqual({
      text: '+375 29 123 45 67',
      country: 'BY',
    });
    expect(formatPhone('+79161234567', 'BY').country).toBe('RU');
  });

  it('recognises extension markers', () => {
    expect(phoneExtension('+375 29 123-45-67 ext. 12', 'BY')).toBe('12');
  });

  it('keeps what is typed, with plain digits and a plus only first', () => {
    expect(cleanPhoneText('＋３７５ (٢٩) ۱۲۳')).toBe('+375 (29) 123');
    expect(cleanPhoneText('375+29')).toBe('37529');
    expect(cleanPhoneText(' +375')).toBe('+375');
  });

  it('reads the number, its extension marker and the country it names', () => {
    expect(readPhone('+375 29 123-45-67 ext. 12', 'BY')).toEqual({
      digits: '+375291234567',
      ext: '12',
      country: 'BY',
    });
    expect(readPhone('+7 916 123 45 67 доб. 5', 'BY')).toEqual({
      digits: '+79161234567',
      ext: '5',
      country: 'RU',
    });
    expect(readPhone('29 123 45 67 ext', 'BY')).toEqual({
      digits: '291234567',
      ext: undefined,
      country: undefined,
    });
  });

  it('gives possible, too short, too long or invalid length', () => {
    expect(phoneLength('+375291234567', 'BY')).toBe('possible');
    expect(phoneLength('+37529123', 'BY')).toBe('too short');
    expect(phoneLength('+3752912345678901', 'BY')).toBe('too long');
    expect(phoneLength('+791612345678', 'BY')).toBe('invalid length');
  });
});
