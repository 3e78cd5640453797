import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { limits } from '@casino/contracts';
import type { CodePurpose } from '../../lib/mail/otp-templates';

/** The rules of e-mailed one-time codes, for registration and e-mail change alike. */
export const otpPolicy = {
  length: limits.otpLength,
  validMs: 10 * 60_000,
  /** Wrong tries a code survives; the last one kills it. */
  maxAttempts: 5,
  /** Per address and purpose: at most one code a minute… */
  resendIntervalMs: 60_000,
  /** …and five an hour per address, whatever they were for. */
  resendPerHour: 5,
  resendWindowMs: 60 * 60_000,
} as const;

/** Six digits from the CSPRNG, leading zeros kept ("004271"). */
export function generateCode(): string {
  return randomInt(0, 10 ** otpPolicy.length)
    .toString()
    .padStart(otpPolicy.length, '0');
}

/**
 * What is stored instead of the code: HMAC-SHA256 under OTP_SECRET. A million codes are
 * easy to try against a plain hash, so the key is what protects a leaked table. The purpose
 * and address are in the MAC, so a hash copied to another row or purpose is worthless.
 */
export function hashCode(secret: string, purpose: CodePurpose, address: string, code: string) {
  return createHmac('sha256', secret).update(`${purpose}\n${address}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface StoredCode {
  codeHash: string;
  codeExpiresAt: Date;
  attempts: number;
}

/**
 * - ok: the code matches (the caller consumes it);
 * - invalid: wrong code, one more attempt counted;
 * - expired / attempts_exceeded: the code is dead whatever was typed.
 * The fifth wrong code answers attempts_exceeded at once, so the player learns right away
 * that only a new code helps.
 */
export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'attempts_exceeded';

export function checkCode(stored: StoredCode, candidateHash: string, now: Date): CodeCheck {
  if (stored.attempts >= otpPolicy.maxAttempts) return 'attempts_exceeded';
  if (now.getTime() >= stored.codeExpiresAt.getTime()) return 'expired';
  if (sameHash(stored.codeHash, candidateHash)) return 'ok';
  return stored.attempts + 1 >= otpPolicy.maxAttempts ? 'attempts_exceeded' : 'invalid';
}

/** A code that went to an address: when, and what for. */
export interface CodeSend {
  sentAt: Date;
  purpose: CodePurpose;
}

/**
 * Seconds to wait before another code for `purpose` may go to an address, given the earlier
 * sends (any order); 0 when one may go now. One a minute per purpose: a password reset asked
 * for right after the registration code is a different mail the player needs now, and was
 * dropped while the minute was shared (issue 25). Five an hour across every purpose, so the
 * address cannot be flooded by switching purposes.
 */
export function resendWaitSeconds(
  sends: readonly CodeSend[],
  purpose: CodePurpose,
  now: Date,
): number {
  const t = now.getTime();
  const recent = sends
    .filter((s) => s.sentAt.getTime() > t - otpPolicy.resendWindowMs && s.sentAt.getTime() <= t)
    .sort((a, b) => a.sentAt.getTime() - b.sentAt.getTime());
  let waitMs = 0;
  const last = recent.filter((s) => s.purpose === purpose).at(-1);
  if (last !== undefined) waitMs = last.sentAt.getTime() + otpPolicy.resendIntervalMs - t;
  if (recent.length >= otpPolicy.resendPerHour) {
    // The window frees up when the oldest send that still counts falls out of it.
    const oldest = recent[recent.length - otpPolicy.resendPerHour]?.sentAt.getTime() ?? t;
    waitMs = Math.max(waitMs, oldest + otpPolicy.resendWindowMs - t);
  }
  return Math.ceil(Math.max(0, waitMs) / 1000);
}
