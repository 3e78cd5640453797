import { describe, expect, it } from 'vitest';
import { afterFailure, twoFactorThrottlePolicies } from './throttle';
import type { ThrottleRow } from './throttle-repository';
import {
  decryptSecret,
  deriveTwoFactorKeys,
  encryptSecret,
  generateRecoveryCode,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotp,
  openChallenge,
  signChallenge,
  totpCodeAt,
  totpStep,
} from './two-factor-totp';

// RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const keys = deriveTwoFactorKeys('x'.repeat(48));
const userId = '7d4c3a1e-9b2f-4c1d-8e5a-0f6b7c8d9e0a';

describe('TOTP (RFC 6238: SHA-1, 6 digits, 30 s)', () => {
  it('matches the RFC test vectors (last six of the eight digits)', () => {
    expect(totpCodeAt(rfcSecret, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(rfcSecret, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(rfcSecret, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('accepts one step either side of now and answers the step; not two', () => {
    const now = new Date(1_700_000_000_000);
    const step = totpStep(now);
    const codeAt = (steps: number) =>
      totpCodeAt(rfcSecret, new Date(now.getTime() + steps * 30_000));
    expect(matchTotp(rfcSecret, codeAt(0), now)).toBe(step);
    expect(matchTotp(rfcSecret, codeAt(-1), now)).toBe(step - 1);
    expect(matchTotp(rfcSecret, codeAt(1), now)).toBe(step + 1);
    expect(matchTotp(rfcSecret, codeAt(-2), now)).toBeNull();
    expect(matchTotp(rfcSecret, codeAt(2), now)).toBeNull();
    expect(matchTotp(rfcSecret, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit base32 secrets, each different', () => {
    const a = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(a);
  });
});

describe('the secret at rest', () => {
  it('round-trips, and does not decrypt for another player or when altered', () => {
    const stored = encryptSecret(keys.encryption, userId, rfcSecret);
    expect(stored).not.toContain(rfcSecret);
    expect(decryptSecret(keys.encryption, userId, stored)).toBe(rfcSecret);
    expect(() => decryptSecret(keys.encryption, 'someone-else', stored)).toThrow();
    const other = deriveTwoFactorKeys('y'.repeat(48));
    expect(() => decryptSecret(other.encryption, userId, stored)).toThrow();
    const altered = `${stored.slice(0, -2)}${stored.endsWith('A') ? 'B' : 'A'}A`;
    expect(() => decryptSecret(keys.encryption, userId, altered)).toThrow();
  });

  it('derives a different key for each use', () => {
    expect(keys.encryption.equals(keys.recovery)).toBe(false);
    expect(keys.recovery.equals(keys.challenge)).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are "xxxxx-xxxxx" in base32, and hashed per player', () => {
    const code = generateRecoveryCode();
    expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hash = hashRecoveryCode(keys.recovery, userId, code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(keys.recovery, 'another', code)).not.toBe(hash);
  });
});

describe('login challenges', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  const expires = new Date(now.getTime() + 300_000);

  it('open for their player until they expire', () => {
    const challenge = signChallenge(keys.challenge, userId, expires);
    expect(openChallenge(keys.challenge, challenge, now)).toMatchObject({ userId });
    expect(openChallenge(keys.challenge, challenge, expires)).toBeNull();
  });

  it('refuse any change, and another key', () => {
    const challenge = signChallenge(keys.challenge, userId, expires);
    const [, expiry, nonce, mac] = challenge.split('.');
    const otherUser = `00000000-0000-4000-8000-000000000000.${expiry}.${nonce}.${mac}`;
    expect(openChallenge(keys.challenge, otherUser, now)).toBeNull();
    expect(openChallenge(keys.encryption, challenge, now)).toBeNull();
    expect(openChallenge(keys.challenge, 'garbage', now)).toBeNull();
  });
});

describe('two-factor throttle policy', () => {
  it('locks a challenge after 5 wrong codes for 15 minutes, the account after 10 (doubling)', () => {
    const now = new Date('2026-03-02T10:00:00Z');
    const start: ThrottleRow = {
      key: 'k',
      failures: 0,
      windowStartedAt: now,
      lockedUntil: null,
      lockCount: 0,
      updatedAt: now,
    };
    let pair = start;
    for (let i = 0; i < 5; i += 1) pair = afterFailure(pair, twoFactorThrottlePolicies.pair, now);
    expect(pair.lockedUntil?.getTime()).toBe(now.getTime() + 15 * 60_000);

    let account = start;
    for (let i = 0; i < 9; i += 1) {
      account = afterFailure(account, twoFactorThrottlePolicies.account, now);
    }
    expect(account.lockedUntil).toBeNull();
    account = afterFailure(account, twoFactorThrottlePolicies.account, now);
    expect(account.lockedUntil?.getTime()).toBe(now.getTime() + 15 * 60_000);
    const later = new Date(now.getTime() + 15 * 60_000);
    for (let i = 0; i < 10; i += 1) {
      account = afterFailure(account, twoFactorThrottlePolicies.account, later);
    }
    expect(account.lockedUntil?.getTime()).toBe(later.getTime() + 30 * 60_000);
  });
});
