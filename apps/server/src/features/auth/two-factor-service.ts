import {
  authErrorCodes,
  authFieldMessages,
  twoFactorPolicy,
  type TwoFactorSetupResponse,
  type TwoFactorStatus,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/uuid';
import { createAccountRepository } from './account-repository';
import { unauthorized } from './authenticate';
import { verifyPassword } from './password';
import {
  throttleKeys,
  twoFactorThrottlePolicies,
  type AuthThrottle,
  type ThrottleKeys,
} from './throttle';
import { createTwoFactorRepository, type AuthenticatorRow } from './two-factor-repository';
import {
  decryptSecret,
  deriveTwoFactorKeys,
  encryptSecret,
  generateRecoveryCode,
  generateTotpSecret,
  hashRecoveryCode,
  matchTotp,
  openChallenge,
  otpauthUri,
  signChallenge,
} from './two-factor-totp';

/** A login whose password was right, waiting for its second step. */
export interface TwoFactorChallenge {
  challenge: string;
  /** Seconds. */
  expiresIn: number;
}

/**
 * Two-factor sign-in (docs/decisions/051): enrolment, recovery codes, the login's second
 * step and the gate of sensitive actions. Every method takes the player's id from the
 * session (or the signed challenge), never from the request body.
 */
export interface TwoFactorService {
  status(userId: string): Promise<TwoFactorStatus>;
  isEnabled(userId: string): Promise<boolean>;
  /** A new secret for the app (replacing an unconfirmed one); 409 while 2FA is on. */
  startEnrolment(userId: string): Promise<TwoFactorSetupResponse>;
  /** The first app code turns 2FA on; answers the ten recovery codes (shown once). */
  confirmEnrolment(userId: string, code: string, ip: string): Promise<string[]>;
  /** Ten new recovery codes for a code; the old ones stop working. */
  regenerateRecoveryCodes(userId: string, code: string, ip: string): Promise<string[]>;
  /** Turns 2FA off: the password (throttled like a password change) and a code. */
  disable(userId: string, password: string, code: string, ip: string): Promise<void>;
  /**
   * The operator's reset of a lost second factor: 2FA off without a code (the operator has
   * checked who asks, out of band). False when it was not on.
   */
  reset(userId: string, audit?: InTransaction<boolean>): Promise<boolean>;
  /**
   * The gate of a sensitive action (e-mail change, withdrawal): nothing while 2FA is off;
   * while on, 403 TWO_FACTOR_REQUIRED without a code and 400 TWO_FACTOR_INVALID for a wrong
   * one (`field` names the form field), throttled per account.
   */
  requireCode(userId: string, code: string | undefined, ip: string, field: string): Promise<void>;
  /** After the password: the challenge the login's second step must present. */
  challenge(userId: string): TwoFactorChallenge;
  /** The second step: the challenge's player once the code is right. */
  completeChallenge(challenge: string, code: string, ip: string): Promise<string>;
}

export interface TwoFactorServiceDeps {
  db: Database;
  clock: Clock;
  throttle: AuthThrottle;
  otpSecret: string;
}

function invalidCode(field: string): AppError {
  return new AppError(400, authErrorCodes.TWO_FACTOR_INVALID, 'The code is not right.', [
    { path: field, message: authFieldMessages.twoFactorInvalid },
  ]);
}

function codeRequired(field: string): AppError {
  return new AppError(
    403,
    authErrorCodes.TWO_FACTOR_REQUIRED,
    'Two-factor sign-in is on: enter a code from your authenticator app.',
    [{ path: field, message: authFieldMessages.twoFactorRequired }],
  );
}

function notEnabled(): AppError {
  return new AppError(409, authErrorCodes.TWO_FACTOR_NOT_ENABLED, 'Two-factor sign-in is off.');
}

function challengeInvalid(): AppError {
  return new AppError(
    401,
    authErrorCodes.TWO_FACTOR_CHALLENGE_INVALID,
    'This sign-in has expired. Enter your e-mail and password again.',
  );
}

function wrongPassword(): AppError {
  return new AppError(400, authErrorCodes.WRONG_PASSWORD, 'The password is wrong.', [
    { path: 'password', message: authFieldMessages.wrongPassword },
  ]);
}

function twoFactorKeys(pair: string, userId: string, ip: string): ThrottleKeys {
  return {
    pair: `two_factor:${pair}`,
    account: `two_factor:account:${userId}`,
    ip: `two_factor:ip:${ip}`,
  };
}

export function createTwoFactorService(deps: TwoFactorServiceDeps): TwoFactorService {
  const keys = deriveTwoFactorKeys(deps.otpSecret);
  const repository = createTwoFactorRepository(deps.db);
  const accounts = createAccountRepository(deps.db);

  async function enabledRow(userId: string): Promise<AuthenticatorRow | undefined> {
    const row = await repository.find(userId);
    return row?.enabledAt ? row : undefined;
  }

  /** Is this an unused app code (its step then used up) or, once on, an unused recovery code? */
  async function accept(row: AuthenticatorRow, code: string): Promise<boolean> {
    const now = deps.clock.now();
    if (/^\d{6}$/.test(code)) {
      const secret = decryptSecret(keys.encryption, row.userId, row.secretCiphertext);
      const step = matchTotp(secret, code, now);
      return step !== null && (await repository.useStep(row.userId, step, now));
    }
    if (!row.enabledAt) return false;
    const hash = hashRecoveryCode(keys.recovery, row.userId, code);
    return repository.useRecoveryCode(row.userId, hash, now);
  }

  /** Counted before it is checked (AuthThrottle.countAttempt), given back when right. */
  async function check(row: AuthenticatorRow, code: string, counters: ThrottleKeys, field: string) {
    const attempt = await deps.throttle.countAttempt(counters, twoFactorThrottlePolicies);
    if (!(await accept(row, code))) throw invalidCode(field);
    await deps.throttle.succeeded(attempt);
  }

  const actionKeys = (userId: string, ip: string) =>
    twoFactorKeys(`pair:${userId}|${ip}`, userId, ip);

  async function newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: twoFactorPolicy.recoveryCodes }, generateRecoveryCode);
    const hashes = codes.map((code) => hashRecoveryCode(keys.recovery, userId, code));
    await deps.db.transaction((tx) =>
      createTwoFactorRepository(tx).replaceRecoveryCodes(userId, hashes, deps.clock.now()),
    );
    return codes;
  }

  return {
    async status(userId) {
      const row = await enabledRow(userId);
      return {
        enabled: row !== undefined,
        enabled_at: row?.enabledAt?.toISOString() ?? null,
        recovery_codes_left: row ? await repository.unusedRecoveryCodes(userId) : 0,
      };
    },

    async isEnabled(userId) {
      return (await enabledRow(userId)) !== undefined;
    },

    async startEnrolment(userId) {
      const account = await accounts.findById(userId);
      if (!account) throw unauthorized();
      const secret = generateTotpSecret();
      const stored = encryptSecret(keys.encryption, userId, secret);
      if (!(await repository.putPending(userId, stored, deps.clock.now()))) {
        throw new AppError(
          409,
          authErrorCodes.TWO_FACTOR_ALREADY_ENABLED,
          'Two-factor sign-in is already on.',
        );
      }
      return { secret, otpauth_uri: otpauthUri(secret, account.email) };
    },

    async confirmEnrolment(userId, code, ip) {
      const row = await repository.find(userId);
      if (!row) {
        throw new AppError(409, authErrorCodes.NOTHING_TO_VERIFY, 'Start the set-up first.');
      }
      if (row.enabledAt) {
        throw new AppError(
          409,
          authErrorCodes.TWO_FACTOR_ALREADY_ENABLED,
          'Two-factor sign-in is already on.',
        );
      }
      await check(row, code, actionKeys(userId, ip), 'code');
      // Codes first, then on: a crash in between leaves it off (set-up simply starts again).
      const codes = await newRecoveryCodes(userId);
      if (!(await repository.enable(userId, deps.clock.now()))) {
        throw new AppError(
          409,
          authErrorCodes.TWO_FACTOR_ALREADY_ENABLED,
          'Two-factor sign-in is already on.',
        );
      }
      return codes;
    },

    async regenerateRecoveryCodes(userId, code, ip) {
      const row = await enabledRow(userId);
      if (!row) throw notEnabled();
      await check(row, code, actionKeys(userId, ip), 'code');
      return newRecoveryCodes(userId);
    },

    async disable(userId, password, code, ip) {
      const row = await enabledRow(userId);
      if (!row) throw notEnabled();
      const attempt = await deps.throttle.countAttempt(throttleKeys('password', userId, ip));
      const account = await accounts.findById(userId);
      if (!account || !(await verifyPassword(account.passwordHash, password))) {
        throw wrongPassword();
      }
      await deps.throttle.succeeded(attempt);
      await check(row, code, actionKeys(userId, ip), 'code');
      await deps.db.transaction((tx) => createTwoFactorRepository(tx).remove(userId));
    },

    async reset(userId, audit) {
      const row = await enabledRow(userId);
      // `audit` (the back office's row, decision 081) commits with the removal.
      await deps.db.transaction(async (tx) => {
        await createTwoFactorRepository(tx).remove(userId);
        await audit?.(tx, row !== undefined);
      });
      return row !== undefined;
    },

    async requireCode(userId, code, ip, field) {
      const row = await enabledRow(userId);
      if (!row) return;
      if (code === undefined) throw codeRequired(field);
      await check(row, code, actionKeys(userId, ip), field);
    },

    challenge(userId) {
      const ttl = twoFactorPolicy.challengeTtlSeconds;
      const expiresAt = new Date(deps.clock.now().getTime() + ttl * 1000);
      return { challenge: signChallenge(keys.challenge, userId, expiresAt), expiresIn: ttl };
    },

    async completeChallenge(challenge, code, ip) {
      const opened = openChallenge(keys.challenge, challenge, deps.clock.now());
      if (!opened || !isUuid(opened.userId)) throw challengeInvalid();
      // Turned off (or the account removed) since the password step: start again.
      const row = await enabledRow(opened.userId);
      if (!row) throw challengeInvalid();
      const counters = twoFactorKeys(`challenge:${opened.id}`, opened.userId, ip);
      await check(row, code, counters, 'code');
      return opened.userId;
    },
  };
}
