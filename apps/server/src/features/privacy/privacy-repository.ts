import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  accountClosures,
  chatMessages,
  emailChanges,
  identityChecks,
  identityDocumentChunks,
  identityDocuments,
  knownDevices,
  ledgerEntries,
  passwordResets,
  payments,
  playerBonuses,
  sessions,
  supportMessages,
  termsAcceptances,
  twoFactorAuthenticators,
  twoFactorRecoveryCodes,
  users,
  wallets,
} from '../../db/schema';

/** Withdrawal statuses on their way: the money left the balance but is not paid yet. */
const withdrawalsUnderway = ['requested', 'pending', 'processing'] as const;

/** Everything stored about one player, read for the export (no document bytes). */
export function createPrivacyRepository(db: Database) {
  return {
    async profile(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          username: users.username,
          email: users.email,
          avatar: users.avatar,
          dateOfBirth: users.dateOfBirth,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async credentials(userId: string) {
      const [row] = await db
        .select({ passwordHash: users.passwordHash, avatar: users.avatar })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async closure(userId: string) {
      const [row] = await db
        .select()
        .from(accountClosures)
        .where(eq(accountClosures.userId, userId));
      return row;
    },

    terms: (userId: string) =>
      db
        .select({
          termsVersion: termsAcceptances.termsVersion,
          privacyVersion: termsAcceptances.privacyVersion,
          acceptedAt: termsAcceptances.acceptedAt,
          ip: termsAcceptances.ip,
        })
        .from(termsAcceptances)
        .where(eq(termsAcceptances.userId, userId))
        .orderBy(asc(termsAcceptances.acceptedAt)),

    sessions: (userId: string) =>
      db
        .select({
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          revokeReason: sessions.revokeReason,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),

    wallet: async (userId: string) => {
      const [row] = await db
        .select({
          currency: wallets.currency,
          balance: wallets.balance,
          bonusBalance: wallets.bonusBalance,
        })
        .from(wallets)
        .where(eq(wallets.userId, userId));
      return row;
    },

    ledger: (userId: string) =>
      db
        .select({
          id: ledgerEntries.id,
          kind: ledgerEntries.kind,
          status: ledgerEntries.status,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          bonusAmount: ledgerEntries.bonusAmount,
          currency: ledgerEntries.currency,
          provider: ledgerEntries.provider,
          operation: ledgerEntries.operation,
          gameId: ledgerEntries.gameId,
          roundId: ledgerEntries.roundId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(asc(ledgerEntries.id)),

    payments: (userId: string) =>
      db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(asc(payments.createdAt)),

    bonuses: (userId: string) =>
      db
        .select({
          id: playerBonuses.id,
          offerId: playerBonuses.offerId,
          kind: playerBonuses.kind,
          status: playerBonuses.status,
          amount: playerBonuses.amount,
          wageringRequired: playerBonuses.wageringRequired,
          claimedAt: playerBonuses.claimedAt,
          activatedAt: playerBonuses.activatedAt,
        })
        .from(playerBonuses)
        .where(eq(playerBonuses.userId, userId))
        .orderBy(asc(playerBonuses.id)),

    /** Whether two-factor sign-in is on (decision 051); never the key or the codes. */
    twoFactor: async (userId: string) => {
      const [row] = await db
        .select({ enabledAt: twoFactorAuthenticators.enabledAt })
        .from(twoFactorAuthenticators)
        .where(eq(twoFactorAuthenticators.userId, userId));
      return row ?? null;
    },

    identity: async (userId: string) => {
      const [check] = await db
        .select({
          status: identityChecks.status,
          rejectReason: identityChecks.rejectReason,
          submittedAt: identityChecks.submittedAt,
          reviewedAt: identityChecks.reviewedAt,
        })
        .from(identityChecks)
        .where(eq(identityChecks.userId, userId));
      const documents = await db
        .select({
          kind: identityDocuments.kind,
          contentType: identityDocuments.contentType,
          size: identityDocuments.size,
          sha256: identityDocuments.sha256,
          uploadedAt: identityDocuments.uploadedAt,
        })
        .from(identityDocuments)
        .where(eq(identityDocuments.userId, userId))
        .orderBy(asc(identityDocuments.kind));
      return { check, documents };
    },

    chat: (userId: string) =>
      db
        .select({ body: chatMessages.body, createdAt: chatMessages.createdAt })
        .from(chatMessages)
        .where(eq(chatMessages.userId, userId))
        .orderBy(asc(chatMessages.id)),

    support: (userId: string) =>
      db
        .select({
          author: supportMessages.author,
          body: supportMessages.body,
          createdAt: supportMessages.createdAt,
        })
        .from(supportMessages)
        .where(eq(supportMessages.userId, userId))
        .orderBy(asc(supportMessages.id)),

    /** The wallet row locked for the closing transaction: postings wait for it. */
    async lockWallet(userId: string) {
      const [row] = await db
        .select({ balance: wallets.balance, bonusBalance: wallets.bonusBalance })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .for('update');
      return row;
    },

    async withdrawalsUnderway(userId: string): Promise<number> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            eq(payments.direction, 'withdrawal'),
            inArray(payments.status, [...withdrawalsUnderway]),
          ),
        );
      return rows.length;
    },

    /**
     * Replaces the personal data of a closed account (decision 053). The row stays: the
     * ledger, payments and bonuses name it. The new name and address are unique (built from
     * the id) and can never be typed at a login (no such mailbox; the hash verifies nothing).
     */
    async pseudonymise(userId: string, now: Date) {
      const tag = userId.replaceAll('-', '');
      await db
        .update(users)
        .set({
          username: `closed-${tag}`,
          email: `closed-${tag}@closed.invalid`,
          passwordHash: '!closed',
          avatar: null,
          dateOfBirth: null,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await db.delete(identityDocuments).where(eq(identityDocuments.userId, userId));
      await db.delete(identityDocumentChunks).where(eq(identityDocumentChunks.userId, userId));
      await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
      await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
      // The two-factor key and recovery codes (decision 051) die with the account.
      await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
      await db.delete(twoFactorAuthenticators).where(eq(twoFactorAuthenticators.userId, userId));
      await db
        .update(sessions)
        .set({ userAgent: null, ip: null })
        .where(eq(sessions.userId, userId));
      await db.insert(accountClosures).values({ userId, closedAt: now }).onConflictDoNothing();
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
