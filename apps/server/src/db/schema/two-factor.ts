import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt, uuidId } from './columns';
import { userId, userKey } from './accounts';

/**
 * A player's TOTP authenticator (docs/decisions/051-two-factor-sign-in.md). One row per
 * player: while `enabledAt` is null it is an enrolment waiting for its first code. The
 * secret is stored encrypted (AES-256-GCM under a key derived from OTP_SECRET, the user id
 * as associated data), never in clear.
 */
export const twoFactorAuthenticators = pgTable('two_factor_authenticators', {
  userId: userKey('cascade'),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** Null until the enrolment is confirmed with a code. */
  enabledAt: timestamptz('enabled_at'),
  /** The last 30-second step whose code was accepted: it and older ones are refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Single-use recovery codes, by HMAC-SHA256 under a key derived from OTP_SECRET (the codes
 * are 50 random bits; the key is what protects a leaked table). Regenerating replaces all.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuidId(),
    userId: userId('cascade'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('two_factor_recovery_codes_user_hash_key').on(t.userId, t.codeHash),
    index('two_factor_recovery_codes_user_id_idx').on(t.userId),
  ],
);
