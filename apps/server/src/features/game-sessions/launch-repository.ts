import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { PreparedCondition, PreparedSelect } from '../../db/named-statement';
import type { Database } from '../../db/database';
import { games, launchTokens, recentLaunches, sessions, wallets } from '../../db/schema';
import { hashLaunchToken } from './launch-token';

export interface NewLaunchToken {
  tokenHash: string;
  userId: string;
  gameId: string;
  provider: string;
  currency: string;
  /** The sign-in session the launch came from (null: unknown, e.g. a test's direct insert). */
  sessionId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

/** What a provider's wallet callback learns from a launch token. */
export interface LaunchSession {
  userId: string;
  provider: string;
  currency: string;
  expiresAt: Date;
  /** The provider's id of the game the token was issued for. */
  providerGameId: string;
  /** Thousandths of the currency unit; null when the player has no wallet. */
  balance: bigint | null;
  /**
   * When the sign-in session the game was launched from ended or ends: its revocation
   * (sign-out), else its absolute end; null when the launch has no session on record.
   */
  signInEndsAt: Date | null;
}

export interface LaunchRepository {
  /** Stores the token and records the launch for the "recent" list, in one transaction. */
  recordLaunch(token: NewLaunchToken): Promise<void>;
  findSession(tokenHash: string): Promise<LaunchSession | undefined>;
  /**
   * The player's most recent launch of any of one provider's games (protocols whose money
   * calls carry no token, like Pragmatic's, judge a bet by it: the player may switch games
   * inside the provider's window).
   */
  findLatestSession(userId: string, provider: string): Promise<LaunchSession | undefined>;
  /**
   * Ends a launch token at `at` (a provider's "end of session"): from then on it looks
   * expired, so it takes no more bets, while wins and refunds presented with it still find
   * their player. Only a token of that provider; never extends one; an unknown hash changes
   * nothing.
   */
  endLaunch(tokenHash: string, provider: string, at: Date): Promise<void>;
  /**
   * Ends every live launch of a player at `at`, whatever the provider (the reality check's
   * "stop", a time-out or self-exclusion): like endLaunch, bets stop, wins and refunds land.
   */
  endPlayerLaunches(userId: string, at: Date): Promise<void>;
  /** The wallet of a player, read-only (the ledger that changes it is another feature). */
  findWallet(userId: string): Promise<{ balance: bigint; currency: string } | undefined>;
}

export function createLaunchRepository(db: Database): LaunchRepository {
  return {
    async recordLaunch(token) {
      await db.transaction(async (tx) => {
        await tx.insert(launchTokens).values(token);
        await tx
          .insert(recentLaunches)
          .values({ userId: token.userId, gameId: token.gameId, lastLaunchedAt: token.createdAt })
          .onConflictDoUpdate({
            target: [recentLaunches.userId, recentLaunches.gameId],
            set: {
              lastLaunchedAt: sql`excluded.last_launched_at`,
              launches: sql`${recentLaunches.launches} + 1`,
            },
          });
      });
    },

    async findSession(tokenHash) {
      const rows = await sessionSelect(db).where(eq(launchTokens.tokenHash, tokenHash)).limit(1);
      return rows[0];
    },

    async findLatestSession(userId, provider) {
      const rows = await sessionSelect(db)
        .where(and(eq(launchTokens.userId, userId), eq(launchTokens.provider, provider)))
        .orderBy(desc(launchTokens.expiresAt))
        .limit(1);
      return rows[0];
    },

    async endLaunch(tokenHash, provider, at) {
      await db
        .update(launchTokens)
        .set({ expiresAt: at })
        .where(
          and(
            eq(launchTokens.tokenHash, tokenHash),
            eq(launchTokens.provider, provider),
            gt(launchTokens.expiresAt, at),
          ),
        );
    },

    async endPlayerLaunches(userId, at) {
      await db
        .update(launchTokens)
        .set({ expiresAt: at })
        .where(and(eq(launchTokens.userId, userId), gt(launchTokens.expiresAt, at)));
    },

    async findWallet(userId) {
      const rows = await db
        .select({ balance: wallets.balance, currency: wallets.currency })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .limit(1);
      return rows[0];
    },
  };
}

/** A launch token with its game, its player's wallet and when its sign-in ends. */
function sessionSelect(db: Database) {
  return db
    .select({
      userId: launchTokens.userId,
      provider: launchTokens.provider,
      currency: launchTokens.currency,
      expiresAt: launchTokens.expiresAt,
      providerGameId: games.providerGameId,
      balance: wallets.balance,
      signInEndsAt:
        sql<Date | null>`coalesce(${sessions.revokedAt}, ${sessions.expiresAt})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(launchTokens)
    .innerJoin(games, eq(games.id, launchTokens.gameId))
    .leftJoin(wallets, eq(wallets.userId, launchTokens.userId))
    .leftJoin(sessions, eq(sessions.id, launchTokens.sessionId));
}

/**
 * "This player has a live launch of one of this provider's games, and the game bet on is in
 * our catalog and enabled": a token of that provider that has not expired, whose sign-in
 * session (if recorded) is neither revoked nor past its end (decision 032). Any of the
 * provider's games, not only the one launched: a token-less bet (Pragmatic's) may come from
 * another game the player switched to inside the provider's window. A condition for the ledger
 * to check inside a bet's own statement, so admitting the bet costs no round trip of its own;
 * its text is constant (decision 097), so the bet's statement is prepared once per connection.
 * Times are the caller's clock, like LaunchSessions'.
 */
export function liveLaunchCondition(launch: {
  userId: string;
  provider: string;
  providerGameId: string;
  now: Date;
}): PreparedCondition {
  return {
    name: 'live_launch',
    text: liveLaunchText,
    values: [launch.now.toISOString(), launch.userId, launch.provider, launch.providerGameId],
  };
}

/**
 * "A launch token matching the condition (over launch_tokens lt and its game g) is live": not
 * expired, and its sign-in session, if recorded, neither revoked nor past its end. The one
 * definition of a live launch in SQL, as LaunchSessions judges it in code. `$1` is the time.
 */
const liveLaunchExists = (which: string): string => `exists (
    select 1 from launch_tokens lt
      join games g on g.id = lt.game_id
      left join sessions s on s.id = lt.session_id
    where ${which}
      and lt.expires_at > $1::timestamptz
      and (lt.session_id is null
        or (s.revoked_at is null and s.expires_at > $1::timestamptz)))`;

/** $1 the time, $2 the player, $3 the provider, $4 the provider's game id. */
const liveLaunchText = `${liveLaunchExists('lt.user_id = $2::uuid and lt.provider = $3::text')}
  and exists (
    select 1 from games bg
    where bg.provider = $3::text and bg.provider_game_id = $4::text and bg.enabled)`;

/** $1 the time, $2 the token's hash, $3 the player, $4 the provider, $5 the game, $6 the currency. */
const liveLaunchTokenText = liveLaunchExists(
  `lt.token_hash = $2::text and lt.user_id = $3::uuid and lt.provider = $4::text
      and lt.currency = $6::text and g.provider_game_id = $5::text`,
);

/**
 * "This launch token is live and was issued for exactly this player, game and currency"
 * (decision 032), for protocols whose bets carry the token: checked inside the bet's own
 * statement like liveLaunchCondition, so the usual bet costs one round trip. A false
 * condition says nothing of why: the caller then looks the token up (LaunchSessions).
 */
export function liveLaunchTokenCondition(launch: {
  tokenHash: string;
  userId: string;
  provider: string;
  providerGameId: string;
  currency: string;
  now: Date;
}): PreparedCondition {
  return {
    name: 'live_launch_token',
    text: liveLaunchTokenText,
    values: [
      launch.now.toISOString(),
      launch.tokenHash,
      launch.userId,
      launch.provider,
      launch.providerGameId,
      launch.currency,
    ],
  };
}

/** $1 the token's hash, $2 the provider; $3 the player, $4 the game, $5 the currency, or null. */
const launchTokenPlayerText = `select lt.user_id, lt.currency, g.provider_game_id as game_id
  from launch_tokens lt
    join games g on g.id = lt.game_id
    join wallets w on w.user_id = lt.user_id
  where lt.token_hash = $1::text and lt.provider = $2::text
    and ($3::text is null or lt.user_id::text = $3::text)
    and ($4::text is null or g.provider_game_id = $4::text)
    and ($5::text is null or lt.currency = $5::text)`;

/**
 * "The player of this launch token, whatever became of the token" (live, expired, ended or
 * signed out: wins land after all of them), as one row for a posting's own statement to take
 * the player from, so a win costs no token lookup of its own (decision 102). Columns:
 * `user_id`, `currency` and `game_id` (the provider's id of the game it was issued for). It
 * finds exactly the tokens LaunchSessions.lookup finds (any kind but not-found): that
 * provider's, whose player has a wallet. `userId`, `providerGameId` and `currency`, when
 * given, must be the token's, compared as the adapters compare them (exact text). No row says
 * nothing of why: the caller then looks the token up to answer its refusal. Undefined for a
 * token the lookup refuses without reading (empty or over 200 characters, as there).
 */
export function launchTokenPlayer(launch: {
  token: string;
  provider: string;
  userId?: string;
  providerGameId?: string;
  currency?: string;
}): PreparedSelect | undefined {
  if (!launch.token || launch.token.length > 200) return undefined;
  return {
    name: 'launch_token_player',
    text: launchTokenPlayerText,
    values: [
      hashLaunchToken(launch.token),
      launch.provider,
      launch.userId ?? null,
      launch.providerGameId ?? null,
      launch.currency ?? null,
    ],
  };
}
