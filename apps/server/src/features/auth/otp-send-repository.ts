import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { otpSends } from '../../db/schema';
import type { CodePurpose } from '../../lib/mail/otp-templates';
import type { CodeSend } from './otp';

export interface OtpSendRepository {
  /**
   * Under a lock on the address (so concurrent requests count each other): forgets sends
   * older than `forgetBefore`, asks `wait` how long the remaining ones impose, and records
   * a new send when that is 0. Returns the new send's id, or the seconds to wait.
   * Run inside a transaction: the lock is held until it ends.
   */
  reserve(
    slot: { id: string; address: string; purpose: CodePurpose },
    now: Date,
    forgetBefore: Date,
    wait: (sends: CodeSend[]) => number,
  ): Promise<{ reserved: true; sends: CodeSend[] } | { reserved: false; waitSeconds: number }>;
  /** Takes back a reservation whose message could not be sent, so it does not count. */
  release(id: string): Promise<void>;
}

export function createOtpSendRepository(db: Database): OtpSendRepository {
  return {
    async reserve(slot, now, forgetBefore, wait) {
      // A transaction-scoped advisory lock keyed by the address: no row may exist yet to lock.
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${slot.address}, 0))`);
      await db
        .delete(otpSends)
        .where(and(eq(otpSends.address, slot.address), lte(otpSends.sentAt, forgetBefore)));
      const rows = await db
        .select({ sentAt: otpSends.sentAt, purpose: otpSends.purpose })
        .from(otpSends)
        .where(eq(otpSends.address, slot.address));
      const sends = rows.map((r) => ({ sentAt: r.sentAt, purpose: r.purpose as CodePurpose }));
      const waitSeconds = wait(sends);
      if (waitSeconds > 0) return { reserved: false, waitSeconds };
      await db
        .insert(otpSends)
        .values({ id: slot.id, address: slot.address, purpose: slot.purpose, sentAt: now });
      return { reserved: true, sends: [...sends, { sentAt: now, purpose: slot.purpose }] };
    },
    async release(id) {
      await db.delete(otpSends).where(eq(otpSends.id, id));
    },
  };
}
