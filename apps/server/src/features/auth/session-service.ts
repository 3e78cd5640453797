import { randomUUID } from 'node:crypto';
import { authErrorCodes } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import {
  createSessionRepository,
  type LiveSessionRow,
  type RevokeReason,
  type SessionClient,
  type SessionRow,
} from './session-repository';
import { hashRefreshToken, newRefreshToken, type TokenService } from './token-service';
import { isUuid } from '../../lib/uuid';

/** The player a request speaks for, once its access token and session check out. */
export interface AuthenticatedPlayer {
  /** User id. */
  id: string;
  sessionId: string;
}

/** What login, verification and refresh hand to the client. */
export interface IssuedSession {
  userId: string;
  sessionId: string;
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
  /** Seconds left of the session's absolute lifetime: the refresh cookie's Max-Age. */
  refreshMaxAge: number;
}

export interface SessionService {
  /** A new session for the user; pass the transaction that created the account, if any. */
  open(userId: string, tx?: Database, client?: SessionClient): Promise<IssuedSession>;
  /** The player's live sessions (revoked, expired and idle ones left out), newest use first. */
  listLive(userId: string): Promise<LiveSessionRow[]>;
  /** Ends one session of this player: false when the player has no such live session. */
  revokeOwn(userId: string, sessionId: string): Promise<boolean>;
  /**
   * Exchanges a refresh token for a new pair. 401 REFRESH_INVALID for an unknown or ended
   * session; 401 SESSION_REVOKED for a revoked one, and for a token presented a second
   * time, which also revokes its session: a copy is in someone else's hands. But within 10 s
   * of its first use, while its successor is still unused, a second use gets that same
   * successor and a new access token (two tabs refreshing at once, an answer lost on the
   * way: decision 113).
   */
  refresh(refreshToken: string): Promise<IssuedSession>;
  /** The player behind an access token whose session is still alive, or undefined. */
  authenticate(accessToken: string): Promise<AuthenticatedPlayer | undefined>;
  revoke(sessionId: string, reason: RevokeReason): Promise<void>;
  /** Revokes the session a refresh token (current or rotated) belongs to; false if none. */
  revokeByRefreshToken(refreshToken: string): Promise<boolean>;
  /** Revokes every session of the user; pass the transaction of the change that needs it. */
  revokeAll(userId: string, reason: RevokeReason, tx?: Database): Promise<void>;
  revokeOthers(
    userId: string,
    keepSessionId: string,
    reason: RevokeReason,
    tx?: Database,
  ): Promise<number>;
}

export interface SessionServiceDeps {
  db: Database;
  clock: Clock;
  tokens: TokenService;
  absoluteTtlDays: number;
  idleTtlDays: number;
}

const day = 24 * 60 * 60_000;
/**
 * How long after a refresh token's first use a second use still gets its successor instead of
 * ending the session (decision 113): longer than two tabs' refreshes are apart when the
 * browser's lock between them fails, or than a client takes to retry a refresh whose answer
 * it lost; short enough that a stolen copy used later is still caught.
 */
const refreshRaceGraceMs = 10_000;

function refused(code: 'REFRESH_INVALID' | 'SESSION_REVOKED'): AppError {
  return new AppError(
    401,
    authErrorCodes[code],
    code === 'SESSION_REVOKED'
      ? 'This session has ended. Please sign in again.'
      : 'The session is not valid or has expired. Please sign in again.',
  );
}

export function createSessionService(deps: SessionServiceDeps): SessionService {
  const idleMs = deps.idleTtlDays * day;
  const absoluteMs = deps.absoluteTtlDays * day;

  // Idle time counts from the last login or refresh: an active client refreshes at least
  // every ACCESS_TOKEN_TTL_SECONDS, so that is precise enough, and requests stay reads.
  const ended = (session: SessionRow, now: Date) =>
    now.getTime() >= session.expiresAt.getTime() ||
    now.getTime() >= session.lastUsedAt.getTime() + idleMs;

  async function issue(
    userId: string,
    sessionId: string,
    refreshToken: string,
    expiresAt: Date,
    now: Date,
  ): Promise<IssuedSession> {
    const access = await deps.tokens.signAccess({ userId, sessionId });
    return {
      userId,
      sessionId,
      accessToken: access.token,
      expiresIn: access.expiresIn,
      refreshToken,
      refreshMaxAge: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
    };
  }

  return {
    async open(userId, tx, client) {
      const now = deps.clock.now();
      const db = tx ?? deps.db;
      // A player blocked by staff (issue 28) signs in nowhere. The player's row is locked
      // (shared) so a block, which locks it before ending the sessions, waits for this one.
      const { rows: blocked } = await db.execute<{ blocked: boolean }>(sql`
        select exists (select 1 from player_blocks b where b.user_id = u.id) as blocked
        from users u where u.id = ${userId} for share of u`);
      if (blocked[0]?.blocked === true) {
        throw new AppError(
          403,
          authErrorCodes.ACCOUNT_BLOCKED,
          'This account is blocked. Contact support.',
        );
      }
      const repository = createSessionRepository(db);
      await repository.deleteEnded(userId, new Date(now.getTime() - idleMs), now);
      const id = randomUUID();
      const refresh = newRefreshToken();
      const expiresAt = new Date(now.getTime() + absoluteMs);
      await repository.create({ id, userId, expiresAt, tokenHash: refresh.hash }, now, client);
      return issue(userId, id, refresh.token, expiresAt, now);
    },

    async refresh(refreshToken) {
      const now = deps.clock.now();
      const presented = hashRefreshToken(refreshToken);
      const successor = deps.tokens.successorRefreshToken(refreshToken);
      const outcome = await deps.db.transaction(async (tx) => {
        const repository = createSessionRepository(tx);
        // The session row is locked: two refreshes with one token are decided in turn.
        const found = await repository.findByTokenForUpdate(presented);
        if (!found) return 'REFRESH_INVALID';
        const { session, rotatedAt } = found;
        if (session.revokedAt) return 'SESSION_REVOKED';
        if (rotatedAt) {
          // The same token again. Moments after its first use, with its successor not used
          // yet, it is the same client racing itself (two tabs, a retry): the same successor,
          // nothing rotated. Otherwise a copy is in someone else's hands: the session ends.
          const racing =
            now.getTime() - rotatedAt.getTime() <= refreshRaceGraceMs &&
            !ended(session, now) &&
            (await repository.isUnusedToken(session.id, successor.hash));
          if (racing) return session;
          await repository.revoke(session.id, 'reuse', now);
          return 'SESSION_REVOKED';
        }
        if (ended(session, now)) return 'REFRESH_INVALID';
        await repository.rotate(session.id, presented, successor.hash, now);
        return session;
      });
      if (typeof outcome === 'string') throw refused(outcome);
      const session = outcome;
      return issue(session.userId, session.id, successor.token, session.expiresAt, now);
    },

    async authenticate(accessToken) {
      const claims = await deps.tokens.verifyAccess(accessToken);
      if (!claims || !isUuid(claims.sessionId)) return undefined;
      const session = await createSessionRepository(deps.db).find(claims.sessionId);
      if (!session || session.userId !== claims.userId || session.revokedAt) return undefined;
      if (ended(session, deps.clock.now())) return undefined;
      return { id: claims.userId, sessionId: claims.sessionId };
    },

    async revoke(sessionId, reason) {
      await createSessionRepository(deps.db).revoke(sessionId, reason, deps.clock.now());
    },

    async revokeByRefreshToken(refreshToken) {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const repository = createSessionRepository(tx);
        const found = await repository.findByTokenForUpdate(hashRefreshToken(refreshToken));
        if (!found || found.session.revokedAt || ended(found.session, now)) return false;
        await repository.revoke(found.session.id, 'logout', now);
        return true;
      });
    },

    async revokeAll(userId, reason, tx) {
      await createSessionRepository(tx ?? deps.db).revokeAll(userId, reason, deps.clock.now());
    },

    async listLive(userId) {
      const now = deps.clock.now();
      return createSessionRepository(deps.db).listLive(
        userId,
        now,
        new Date(now.getTime() - idleMs),
      );
    },

    async revokeOwn(userId, sessionId) {
      if (!isUuid(sessionId)) return false;
      return createSessionRepository(deps.db).revokeOwn(
        userId,
        sessionId,
        'logout',
        deps.clock.now(),
      );
    },

    async revokeOthers(userId, keepSessionId, reason, tx) {
      return createSessionRepository(tx ?? deps.db).revokeOthers(
        userId,
        keepSessionId,
        reason,
        deps.clock.now(),
      );
    },
  };
}
