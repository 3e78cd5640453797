import type { SessionOwners } from '@casino/studios';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { studioSessions } from '../../db/schema';
import type { Clock } from '../../lib/clock';

/**
 * Which instance holds each simulated game session and launch ticket, in the database every
 * instance shares (table studio_sessions, decision 054): one write per launch, one read when
 * a request reaches an instance that does not hold the session.
 */
export function databaseSessionOwners(db: Database, clock: Clock): SessionOwners {
  return {
    async claim(key, owner, ttlMs) {
      const expiresAt = new Date(clock.now().getTime() + ttlMs);
      await db
        .insert(studioSessions)
        .values({ key, value: { owner }, expiresAt })
        .onConflictDoUpdate({
          target: studioSessions.key,
          set: { value: sql`excluded.value`, expiresAt: sql`excluded.expires_at` },
        });
    },
    async ownerOf(key) {
      const rows = await db
        .select({ value: studioSessions.value })
        .from(studioSessions)
        .where(and(eq(studioSessions.key, key), gt(studioSessions.expiresAt, clock.now())))
        .limit(1);
      const owner = (rows[0]?.value as { owner?: unknown } | undefined)?.owner;
      return typeof owner === 'string' ? owner : undefined;
    },
  };
}

/**
 * This instance's address for the others: INSTANCE_URL, or 127.0.0.1 and the port it listens
 * on (instances on one host). Undefined before it listens (tests that only inject): then
 * nothing is recorded and sessions stay in this process, as with a single instance.
 */
export function instanceUrlOf(app: FastifyInstance, configured: string | undefined) {
  return (): string | undefined => {
    if (configured !== undefined) return configured;
    const address = app.server.address();
    if (address === null || typeof address === 'string') return undefined;
    return `http://127.0.0.1:${address.port}`;
  };
}
