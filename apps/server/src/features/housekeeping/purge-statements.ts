import { sql, type SQL } from 'drizzle-orm';

const day = 24 * 60 * 60 * 1000;

/**
 * How long each kind of short-lived row is kept after it stopped mattering. Generous on
 * purpose: deleting a row too early changes behaviour, keeping it a while costs nothing.
 */
export const retention = {
  /** Unused registration, e-mail-change and password-reset codes: a code lives 10 minutes. */
  codes: day,
  /** Resend-limit rows: the longest window is an hour. */
  codeSends: day,
  /** Failed-password counters idle that long (windows are 15 minutes, locks at most 15). */
  throttles: day,
  /**
   * Launch tokens after their expiry: providers settle wins and refunds for about 24 hours
   * (Pragmatic's reconciliation, our studios'), and a win needs its token to find the player.
   */
  launchTokens: 7 * day,
  /** Sign-in sessions after their absolute end (their refresh tokens go with them). */
  sessions: day,
} as const;

/** A delete wrapped to answer its count, so no deleted row travels back. */
const counted = (remove: SQL): SQL =>
  sql`with gone as (${remove} returning 1) select count(*)::int as n from gone`;

export interface PurgeStatement {
  name: string;
  statement: SQL;
}

/** The deletes, each answering one row `{ n }`: how many rows it deleted. */
export function purgeStatements(now: Date): PurgeStatement[] {
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  /** Rows of `table` whose `column` is before `cutoff` (the names are ours, never input). */
  const olderThan = (name: string, table: string, column: string, cutoff: string) => ({
    name,
    statement: counted(sql`delete from ${sql.raw(table)}
        where ${sql.raw(column)} < ${cutoff}::timestamptz`),
  });
  return [
    olderThan(
      'pending registrations',
      'pending_registrations',
      'code_expires_at',
      before(retention.codes),
    ),
    olderThan('e-mail changes', 'email_changes', 'code_expires_at', before(retention.codes)),
    olderThan('password resets', 'password_resets', 'code_expires_at', before(retention.codes)),
    olderThan('code sends', 'otp_sends', 'sent_at', before(retention.codeSends)),
    {
      name: 'password throttles',
      statement: counted(sql`delete from auth_throttles
        where updated_at < ${before(retention.throttles)}::timestamptz
          and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
       `),
    },
    olderThan('launch tokens', 'launch_tokens', 'expires_at', before(retention.launchTokens)),
    olderThan('sessions', 'sessions', 'expires_at', before(retention.sessions)),
    olderThan('studio sessions', 'studio_sessions', 'expires_at', now.toISOString()),
  ];
}
