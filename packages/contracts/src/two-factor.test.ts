import { describe, expect, it } from 'vitest';
import { cardWithdrawalRequestSchema } from './payments';
import { twoFactorCodeSchema, twoFactorLoginRequestSchema } from './two-factor';
import { settingsRequestSchema } from './user';

describe('two-factor code', () => {
  it('takes six digits or a recovery code as typed, normalised', () => {
    expect(twoFactorCodeSchema.parse('123456')).toBe('123456');
    expect(twoFactorCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(twoFactorCodeSchema.parse('ABCDE-FGH23')).toBe('abcde-fgh23');
    expect(twoFactorCodeSchema.parse('abcdefgh23')).toBe('abcde-fgh23');
  });

  it('refuses anything else with the one message key', () => {
    for (const bad of ['12345', '1234567', 'abcde-fgh21', 'abcd-efgh2', '', 'x'.repeat(65)]) {
      const result = twoFactorCodeSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('twofactorcodeerror');
    }
  });

  it('is optional on the e-mail change and on withdrawals, never on the login step', () => {
    expect(settingsRequestSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(
      settingsRequestSchema.safeParse({ email: 'a@b.co', twoFactorCode: '123456' }).success,
    ).toBe(true);
    expect(
      settingsRequestSchema.safeParse({ username: 'new_name', twoFactorCode: '123456' }).success,
    ).toBe(false);
    const withdrawal = { amount: '10.00', payment_method: 'pm_1', idempotency_key: 'k-123456' };
    expect(cardWithdrawalRequestSchema.safeParse(withdrawal).success).toBe(true);
    expect(
      cardWithdrawalRequestSchema.safeParse({ ...withdrawal, twoFactorCode: '123456' }).success,
    ).toBe(true);
    expect(twoFactorLoginRequestSchema.safeParse({ challenge: 'x'.repeat(20) }).success).toBe(
      false,
    );
  });
});
