import { eq } from 'drizzle-orm';
import {
  knownDevices,
  passwordResets,
  sessions,
  termsAcceptances,
  twoFactorAuthenticators,
  twoFactorRecoveryCodes,
} from '../../db/schema';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { playerRows } from '../../lib/player-rows';
import { passwordResetCodes } from './code-stores';

const termsFields = {
  termsVersion: termsAcceptances.termsVersion,
  privacyVersion: termsAcceptances.privacyVersion,
  acceptedAt: termsAcceptances.acceptedAt,
  ip: termsAcceptances.ip,
};

const sessionFields = {
  createdAt: sessions.createdAt,
  lastUsedAt: sessions.lastUsedAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  revokeReason: sessions.revokeReason,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
};

/**
 * Terms accepted and sessions are exported. On closure a waiting password reset and the
 * known devices go, the sessions lose their user agent and IP; the sessions themselves stay
 * (revoked by the closure) and so does the history of terms accepted.
 */
export const authPersonalData: PersonalDataOwner = {
  name: 'auth',
  tables: [termsAcceptances, sessions, knownDevices, passwordResets],
  async export(userId, db) {
    const [terms, sessionRows] = await Promise.all([
      playerRows(db, termsAcceptances, userId, termsFields, termsAcceptances.acceptedAt),
      playerRows(db, sessions, userId, sessionFields, sessions.createdAt),
    ]);
    return {
      terms_acceptances: terms.map((row) => ({
        terms_version: row.termsVersion,
        privacy_version: row.privacyVersion,
        accepted_at: exportedTime(row.acceptedAt),
        ip: row.ip,
      })),
      sessions: sessionRows.map((row) => ({
        signed_in_at: exportedTime(row.createdAt),
        last_used_at: exportedTime(row.lastUsedAt),
        expires_at: exportedTime(row.expiresAt),
        ended_at: exportedTime(row.revokedAt),
        end_reason: row.revokeReason,
        user_agent: row.userAgent,
        ip: row.ip,
      })),
    };
  },
  async erase(userId, tx) {
    await passwordResetCodes(tx).remove(userId);
    await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
    await tx.update(sessions).set({ userAgent: null, ip: null }).where(eq(sessions.userId, userId));
    return undefined;
  },
};

/**
 * Whether two-factor sign-in is on (decision 051), never the key or the codes; the key and
 * the recovery codes die with the account.
 */
export const twoFactorPersonalData: PersonalDataOwner = {
  name: 'auth: two-factor',
  tables: [twoFactorAuthenticators, twoFactorRecoveryCodes],
  async export(userId, db) {
    const [row] = await db
      .select({ enabledAt: twoFactorAuthenticators.enabledAt })
      .from(twoFactorAuthenticators)
      .where(eq(twoFactorAuthenticators.userId, userId));
    return { two_factor: { enabled_at: exportedTime(row?.enabledAt) } };
  },
  async erase(userId, tx) {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx.delete(twoFactorAuthenticators).where(eq(twoFactorAuthenticators.userId, userId));
    return undefined;
  },
};
