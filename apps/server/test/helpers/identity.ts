import { identityChecks } from '../../src/db/schema';
import type { Database } from '../../src/db/database';

/**
 * Marks a player's identity verified straight in the database: for tests of withdrawals,
 * which need a verified identity (decision 052). The check itself, uploads and the
 * operator's review, is tested in test/identity/.
 */
export async function markIdentityVerified(db: Database, userId: string): Promise<void> {
  const now = new Date();
  await db
    .insert(identityChecks)
    .values({ userId, status: 'verified', submittedAt: now, reviewedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: identityChecks.userId,
      set: { status: 'verified', rejectReason: null, reviewedAt: now, updatedAt: now },
    });
}
