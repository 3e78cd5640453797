import { and, desc, eq, gt, gte, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { refreshTokens, sessions } from '../../db/schema';

export interface SessionRow {
  id: string;
  userId: string;
  lastUsedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Where a sign-in came from, for the player's list of devices. */
export interface SessionClient {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** A live session as the player's device list shows it. */
export interface LiveSessionRow {
  id: string;
  createdAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export type RevokeReason =
  | 'logout'
  | 'reuse'
  | 'password_change'
  | 'password_reset'
  | 'account_closed'
  /** Ended by staff in the back office (one session, all, or a block). */
  | 'staff'
  /** A time-out or self-exclusion ends every session but the one that asked for it. */
  | 'responsible_gaming';

export interface SessionRepository {
  /** A new session with its first refresh token. */
  create(
    session: { id: string; userId: string; expiresAt: Date; tokenHash: string },
    now: Date,
    client?: SessionClient,
  ): Promise<void>;
  /** The user's sessions that are neither revoked, expired nor idle, most recent first. */
  listLive(userId: string, now: Date, idleBefore: Date): Promise<LiveSessionRow[]>;
  /** Revokes one live session of this user; false when the user has no such session. */
  revokeOwn(userId: string, id: string, reason: RevokeReason, now: Date): Promise<boolean>;
  /** The primary-key lookup every authenticated request makes. */
  find(id: string): Promise<SessionRow | undefined>;
  /**
   * The token and its session, the session row locked until the transaction ends, so two
   * refreshes with one token are decided one after the other, the second seeing what the
   * first did to the token.
   */
  findByTokenForUpdate(
    tokenHash: string,
  ): Promise<{ session: SessionRow; rotatedAt: Date | null } | undefined>;
  /** Whether the token is the session's and has not been used (rotated) yet. */
  isUnusedToken(sessionId: string, tokenHash: string): Promise<boolean>;
  /** Marks the old token used, stores its successor, and counts the session as active. */
  rotate(sessionId: string, oldHash: string, newHash: string, now: Date): Promise<void>;
  revoke(id: string, reason: RevokeReason, now: Date): Promise<void>;
  /** Revokes every live session of the user except `keepId`; answers how many. */
  revokeOthers(userId: string, keepId: string, reason: RevokeReason, now: Date): Promise<number>;
  /** Revokes every live session of the user (a password reset: no session asked for it). */
  revokeAll(userId: string, reason: RevokeReason, now: Date): Promise<void>;
  /** Deletes the user's sessions (and their tokens) that can never be used again. */
  deleteEnded(userId: string, idleBefore: Date, now: Date): Promise<void>;
}

const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  lastUsedAt: sessions.lastUsedAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};

export function createSessionRepository(db: Database): SessionRepository {
  return {
    async create(session, now, client) {
      await db.insert(sessions).values({
        id: session.id,
        userId: session.userId,
        createdAt: now,
        lastUsedAt: now,
        expiresAt: session.expiresAt,
        userAgent: client?.userAgent?.slice(0, 512) ?? null,
        ip: client?.ip ?? null,
      });
      await db
        .insert(refreshTokens)
        .values({ tokenHash: session.tokenHash, sessionId: session.id, createdAt: now });
    },

    async find(id) {
      const rows = await db.select(sessionColumns).from(sessions).where(eq(sessions.id, id));
      return rows[0];
    },

    async findByTokenForUpdate(tokenHash) {
      const rows = await db
        .select({ session: sessionColumns })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .for('update', { of: sessions });
      const found = rows[0];
      if (!found) return undefined;
      // Read once the session is locked, in a statement of its own: a refresh with the same
      // token that held the lock before is then seen (the token rotated). The locking
      // statement's join would give the token's row as it was when the wait began.
      const [token] = await db
        .select({ rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      if (!token) return undefined;
      return { session: found.session, rotatedAt: token.rotatedAt };
    },

    async isUnusedToken(sessionId, tokenHash) {
      const rows = await db
        .select({ tokenHash: refreshTokens.tokenHash })
        .from(refreshTokens)
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            eq(refreshTokens.sessionId, sessionId),
            isNull(refreshTokens.rotatedAt),
          ),
        );
      return rows.length > 0;
    },

    async rotate(sessionId, oldHash, newHash, now) {
      await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(eq(refreshTokens.tokenHash, oldHash));
      await db.insert(refreshTokens).values({ tokenHash: newHash, sessionId, createdAt: now });
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    },

    async revoke(id, reason, now) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async revokeOthers(userId, keepId, reason, now) {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(
          and(
            eq(sessions.userId, userId),
            ne(sessions.id, keepId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
          ),
        )
        .returning({ id: sessions.id });
      return ended.length;
    },

    async listLive(userId, now, idleBefore) {
      return db
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          lastUsedAt: sessions.lastUsedAt,
          userAgent: sessions.userAgent,
          ip: sessions.ip,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gte(sessions.lastUsedAt, idleBefore),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt));
    },

    async revokeOwn(userId, id, reason, now) {
      // The user id is in the condition: a session of another player is simply not found.
      const ended = await db
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length > 0;
    },

    async revokeAll(userId, reason, now) {
      await db
        .update(sessions)
        .set({ revokedAt: now, revokeReason: reason })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async deleteEnded(userId, idleBefore, now) {
      // Revoked sessions stay until they would have expired anyway: a rotated token of theirs
      // presented meanwhile is still recognised (SESSION_REVOKED, not REFRESH_INVALID).
      await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            or(lt(sessions.expiresAt, now), lt(sessions.lastUsedAt, idleBefore)),
          ),
        );
    },
  };
}
