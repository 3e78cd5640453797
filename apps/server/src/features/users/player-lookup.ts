import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';

/**
 * users.id for an id, an e-mail address or a username (case-insensitive): how staff and the
 * operator's commands name a player (the back office's adjustments, `npm run wallet:adjust`).
 */
export async function findUserId(db: Database, user: string): Promise<string | undefined> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(user);
  const where = isId
    ? eq(users.id, user.toLowerCase())
    : user.includes('@')
      ? eq(users.email, user.trim().toLowerCase())
      : sql`lower(${users.username}) = lower(${user})`;
  const rows = await db.select({ id: users.id }).from(users).where(where).limit(1);
  return rows[0]?.id;
}
