import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { staffAccounts, staffSessions, staffSetupTokens } from '../../db/schema';

/** Staff accounts, set-up links and sessions: the SQL, nothing else. */

export type StaffAccountRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type SetupTokenRow = typeof staffSetupTokens.$inferSelect;

export function createStaffRepository(db: Database) {
  return {
    async insertAccount(row: typeof staffAccounts.$inferInsert): Promise<boolean> {
      const inserted = await db
        .insert(staffAccounts)
        .values(row)
        .onConflictDoNothing({ target: staffAccounts.email })
        .returning({ id: staffAccounts.id });
      return inserted.length === 1;
    },
    async account(id: string): Promise<StaffAccountRow | undefined> {
      const rows = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id));
      return rows[0];
    },
    async accountForUpdate(id: string): Promise<StaffAccountRow | undefined> {
      const rows = await db
        .select()
        .from(staffAccounts)
        .where(eq(staffAccounts.id, id))
        .for('update');
      return rows[0];
    },
    async accountByEmail(email: string): Promise<StaffAccountRow | undefined> {
      const rows = await db.select().from(staffAccounts).where(eq(staffAccounts.email, email));
      return rows[0];
    },
    async accounts(): Promise<(StaffAccountRow & { liveSessions: number; invited: boolean })[]> {
      const now = new Date();
      const rows = await db
        .select({
          account: staffAccounts,
          liveSessions: sql<number>`(select count(*)::int from ${staffSessions} s
            where s.staff_id = ${staffAccounts.id} and s.ended_at is null
            and s.expires_at > ${now})`,
          invited: sql<boolean>`exists (select 1 from ${staffSetupTokens} t
            where t.staff_id = ${staffAccounts.id})`,
        })
        .from(staffAccounts)
        .orderBy(staffAccounts.email);
      return rows.map((r) => ({ ...r.account, liveSessions: r.liveSessions, invited: r.invited }));
    },
    async updateAccount(id: string, set: Partial<typeof staffAccounts.$inferInsert>) {
      await db.update(staffAccounts).set(set).where(eq(staffAccounts.id, id));
    },
    /** Replaces the staff member's link (one live link each). */
    async putSetupToken(row: typeof staffSetupTokens.$inferInsert) {
      await db
        .insert(staffSetupTokens)
        .values(row)
        .onConflictDoUpdate({
          target: staffSetupTokens.staffId,
          set: {
            tokenHash: row.tokenHash,
            totpSecret: null,
            expiresAt: row.expiresAt,
            createdAt: row.createdAt,
          },
        });
    },
    async setupTokenForUpdate(tokenHash: string, now: Date): Promise<SetupTokenRow | undefined> {
      const rows = await db
        .select()
        .from(staffSetupTokens)
        .where(and(eq(staffSetupTokens.tokenHash, tokenHash), gt(staffSetupTokens.expiresAt, now)))
        .for('update');
      return rows[0];
    },
    async setSetupSecret(staffId: string, encrypted: string) {
      await db
        .update(staffSetupTokens)
        .set({ totpSecret: encrypted })
        .where(eq(staffSetupTokens.staffId, staffId));
    },
    async deleteSetupToken(staffId: string) {
      await db.delete(staffSetupTokens).where(eq(staffSetupTokens.staffId, staffId));
    },
    async insertSession(row: typeof staffSessions.$inferInsert) {
      await db.insert(staffSessions).values(row);
    },
    async sessionByToken(tokenHash: string) {
      const rows = await db
        .select({ session: staffSessions, account: staffAccounts })
        .from(staffSessions)
        .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
        .where(eq(staffSessions.tokenHash, tokenHash));
      return rows[0];
    },
    async touchSession(id: string, now: Date) {
      await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, id));
    },
    /** Live sessions: not ended, within 12 hours and 30 minutes of the last request. */
    async liveSessions(staffId: string, now: Date, idleSince: Date): Promise<StaffSessionRow[]> {
      return db
        .select()
        .from(staffSessions)
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.endedAt),
            gt(staffSessions.expiresAt, now),
            gt(staffSessions.lastSeenAt, idleSince),
          ),
        )
        .orderBy(sql`${staffSessions.lastSeenAt} desc`);
    },
    /** Ends one session (or all with `sessionId` undefined); the number ended. */
    async endSessions(staffId: string, reason: string, now: Date, sessionId?: string) {
      const ended = await db
        .update(staffSessions)
        .set({ endedAt: now, endReason: reason })
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.endedAt),
            sessionId === undefined ? undefined : eq(staffSessions.id, sessionId),
          ),
        )
        .returning({ id: staffSessions.id });
      return ended.length;
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
