import { describe, expect, it } from 'vitest';
import { checkCode, generateCode, hashCode, resendWaitSeconds, sameHash } from './otp';

const secret = 'k'.repeat(32);
const now = new Date('2025-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('one-time codes', () => {
  it('are six digits, leading zeros kept, and vary', () => {
    const codes = new Set(Array.from({ length: 200 }, generateCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('hash with a key, bound to purpose and address', () => {
    const h = hashCode(secret, 'registration', 'a@b.co', '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(hashCode(secret, 'registration', 'a@b.co', '123456')).toBe(h);
    expect(hashCode(secret, 'registration', 'a@b.co', '123457')).not.toBe(h);
    expect(hashCode(secret, 'email_change', 'a@b.co', '123456')).not.toBe(h);
    expect(hashCode(secret, 'registration', 'c@b.co', '123456')).not.toBe(h);
    expect(hashCode('j'.repeat(32), 'registration', 'a@b.co', '123456')).not.toBe(h);
    expect(sameHash(h, h)).toBe(true);
    expect(sameHash(h, h.slice(2))).toBe(false);
  });

  describe('check', () => {
    const good = hashCode(secret, 'registration', 'a@b.co', '111111');
    const bad = hashCode(secret, 'registration', 'a@b.co', '222222');
    const stored = { codeHash: good, codeExpiresAt: new Date(now.getTime() + 1000), attempts: 0 };

    it('accepts the right code before expiry', () => {
      expect(checkCode(stored, good, now)).toBe('ok');
    });
    // Five wrong tries per code (decision 012): the fifth kills it.
    it('counts a wrong code as invalid until the last allowed try', () => {
      expect(checkCode(stored, bad, now)).toBe('invalid');
      expect(checkCode({ ...stored, attempts: 3 }, bad, now)).toBe('invalid');
      expect(checkCode({ ...stored, attempts: 4 }, bad, now)).toBe('attempts_exceeded');
    });
    it('refuses even the right code once dead', () => {
      expect(checkCode({ ...stored, attempts: 5 }, good, now)).toBe('attempts_exceeded');
      expect(checkCode({ ...stored, codeExpiresAt: now }, good, now)).toBe('expired');
    });
  });

  describe('resend wait', () => {
    const reg = (ms: number) => ({ sentAt: ago(ms), purpose: 'registration' as const });
    const reset = (ms: number) => ({ sentAt: ago(ms), purpose: 'password_reset' as const });
    it('lets the first code go at once', () => {
      expect(resendWaitSeconds([], 'registration', now)).toBe(0);
    });
    it('allows one a minute per purpose', () => {
      expect(resendWaitSeconds([reg(1_000)], 'registration', now)).toBe(59);
      expect(resendWaitSeconds([reg(59_500)], 'registration', now)).toBe(1);
      expect(resendWaitSeconds([reg(60_000)], 'registration', now)).toBe(0);
    });
    it('sends a password reset at once after the registration code (issue 25)', () => {
      expect(resendWaitSeconds([reg(1_000)], 'password_reset', now)).toBe(0);
      expect(resendWaitSeconds([reg(2_000), reset(1_000)], 'password_reset', now)).toBe(59);
    });
    it('allows five an hour, whatever they were for, counting from the oldest that still counts', () => {
      const five = [reg(50 * 60_000), reset(40 * 60_000), reg(30 * 60_000), reg(20 * 60_000)];
      expect(resendWaitSeconds(five, 'password_reset', now)).toBe(0);
      five.push(reg(10 * 60_000));
      expect(resendWaitSeconds(five, 'password_reset', now)).toBe(10 * 60);
      expect(resendWaitSeconds([...five, reset(61 * 60_000)], 'email_change', now)).toBe(10 * 60);
    });
  });
});
