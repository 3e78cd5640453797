import { describe, expect, it } from 'vitest';
import { formatAge, formatMoney } from './format';

describe('formatMoney', () => {
  it('shows the server’s exact decimal string, grouped, never through a float', () => {
    expect(formatMoney('1234567.50', 'USD')).toBe('1\u202f234\u202f567.50 USD');
    expect(formatMoney('0.10')).toBe('0.10 USD');
    expect(formatMoney('90071992547409.99')).toBe('90\u202f071\u202f992\u202f547\u202f409.99 USD');
  });

  it('marks a debit with a minus sign and pads whole amounts to cents', () => {
    expect(formatMoney('-25.00')).toBe('−25.00 USD');
    expect(formatMoney('500')).toBe('500.00 USD');
  });

  it('shows a dash for no amount', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney(undefined)).toBe('—');
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('counts minutes, then hours, then days, in the interface language', () => {
    expect(formatAge('2026-11-26T11:55:00Z', 'en', now)).toBe('5 min');
    expect(formatAge('2026-11-26T09:30:00Z', 'en', now)).toBe('2 h 30 min');
    expect(formatAge('2026-11-23T10:00:00Z', 'ru', now)).toBe('3 дн 2 ч');
  });
});
