import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { twoFactorPolicy } from '@casino/contracts';
import { Secret, TOTP } from 'otpauth';

/**
 * The TOTP arithmetic and the keys of two-factor sign-in (docs/decisions/051), with no
 * database: RFC 6238 through `otpauth` (SHA-1, 6 digits, 30 s, ±1 step), the secret's
 * encryption at rest, and the recovery codes' hashing.
 */

/** 160 random bits, the size RFC 4226 recommends for HMAC-SHA1. */
const secretBytes = 20;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: twoFactorPolicy.issuer,
    label,
    algorithm: 'SHA1',
    digits: twoFactorPolicy.digits,
    period: twoFactorPolicy.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret, base32 (what an authenticator app takes when typed in). */
export function generateTotpSecret(): string {
  return new Secret({ size: secretBytes }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secretBase32: string, account: string): string {
  return totpOf(secretBase32, account).toString();
}

/** The 30-second step a time falls in (RFC 6238's T). */
export function totpStep(at: Date): number {
  return TOTP.counter({ period: twoFactorPolicy.periodSeconds, timestamp: at.getTime() });
}

/** The code of a step (tests, and nothing else: the server never shows a code). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The step whose code this is, within ±window steps of `at`, or null. Replay is the
 * caller's to refuse: a step at or before the last one used must not be accepted again.
 */
export function matchTotp(secretBase32: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({
    token: code,
    timestamp: at.getTime(),
    window: twoFactorPolicy.window,
  });
  return delta === null ? null : totpStep(at) + delta;
}

/** The keys two-factor derives from OTP_SECRET, each for one use (HKDF-SHA256). */
export interface TwoFactorKeys {
  /** AES-256-GCM key of the stored TOTP secrets. */
  encryption: Buffer;
  /** HMAC key of the recovery codes. */
  recovery: Buffer;
  /** HMAC key of the login challenges. */
  challenge: Buffer;
}

export function deriveTwoFactorKeys(otpSecret: string): TwoFactorKeys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', otpSecret, 'orbita-two-factor', info, 32));
  return {
    encryption: derive('totp-secret-encryption-v1'),
    recovery: derive('recovery-code-hmac-v1'),
    challenge: derive('login-challenge-hmac-v1'),
  };
}

const cipherVersion = 'v1';

/**
 * AES-256-GCM with a random 96-bit nonce; the player's id is the associated data, so a
 * ciphertext copied to another player's row does not decrypt. "v1.<nonce>.<tag>.<data>".
 */
export function encryptSecret(key: Buffer, userId: string, secretBase32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return [cipherVersion, ...parts].join('.');
}

export function decryptSecret(key: Buffer, userId: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== cipherVersion || !iv || !tag || data === undefined) {
    throw new Error('two-factor secret: unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

const base32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten base32 characters (50 random bits) as "xxxxx-xxxxx". */
export function generateRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => base32[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** HMAC-SHA256 of a recovery code, bound to its player. */
export function hashRecoveryCode(key: Buffer, userId: string, code: string): string {
  return createHmac('sha256', key).update(`${userId}\n${code}`).digest('hex');
}

/**
 * A login challenge: "<user id>.<expiry seconds>.<nonce>.<mac>", an HMAC under a key of its
 * own. It only says "this player's password was right until then"; it opens nothing by itself.
 */
export function signChallenge(key: Buffer, userId: string, expiresAt: Date): string {
  const body = `${userId}.${Math.floor(expiresAt.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

export interface OpenedChallenge {
  userId: string;
  /** A stable id of this challenge (for its throttle counter). */
  id: string;
}

/** The challenge's player when it is genuine and unexpired; null otherwise. */
export function openChallenge(key: Buffer, challenge: string, now: Date): OpenedChallenge | null {
  const parts = challenge.split('.');
  if (parts.length !== 4) return null;
  const [userId, expiry, nonce, mac] = parts as [string, string, string, string];
  const expected = createHmac('sha256', key).update(`${userId}.${expiry}.${nonce}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d+$/.test(expiry) || Number(expiry) * 1000 <= now.getTime()) return null;
  return { userId, id: nonce };
}
