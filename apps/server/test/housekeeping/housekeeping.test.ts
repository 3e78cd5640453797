import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import {
  authThrottles,
  emailChanges,
  passwordResets,
  launchTokens,
  studioSessions,
  otpSends,
  pendingRegistrations,
  refreshTokens,
  sessions,
} from '../../src/db/schema';
import { createHousekeeping } from '../../src/features/housekeeping/housekeeping';
import { createLedger } from '../../src/features/wallet/ledger';
import { fixedClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { catalogEntry, seedGames } from '../helpers/games';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser } from '../helpers/wallets';

const now = new Date('2026-11-22T12:00:00.000Z');
const clock = fixedClock(now);
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const hoursAhead = (h: number) => new Date(now.getTime() + h * 3_600_000);

let db: DatabaseConnection;
let destroy: () => Promise<void>;

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
});
afterAll(async () => {
  await destroy();
});

const count = async (table: string) => {
  const { rows } = await db.execute<{ n: string }>(
    sql`select count(*)::text as n from ${sql.identifier(table)}`,
  );
  return Number(rows[0]?.n);
};

describe('housekeeping', () => {
  it('deletes what outlived its retention, keeps the rest, and never touches the ledger', async () => {
    const ledger = createLedger({ db, clock });
    const userId = await createFundedUser(db, ledger, 5_000n);
    const [gameId] = [
      ...(await seedGames(db, 'pragmatic', [catalogEntry({ providerGameId: 'vs10hk' })])).values(),
    ];

    const registration = (email: string, expires: Date) => ({
      email,
      username: email.split('@')[0]!,
      codeHash: 'h',
      codeExpiresAt: expires,
      createdAt: hoursAgo(50),
      updatedAt: hoursAgo(50),
    });
    await db
      .insert(pendingRegistrations)
      .values([registration('old@x.test', hoursAgo(25)), registration('new@x.test', hoursAgo(1))]);
    await db.insert(emailChanges).values({
      userId,
      newEmail: 'next@x.test',
      codeHash: 'h',
      codeExpiresAt: hoursAgo(30),
      createdAt: hoursAgo(31),
    });
    await db.insert(passwordResets).values({
      userId,
      codeHash: 'h',
      codeExpiresAt: hoursAgo(30),
      createdAt: hoursAgo(30),
    });
    await db.insert(otpSends).values([
      { id: randomUUID(), address: 'a@x.test', purpose: 'register', sentAt: hoursAgo(25) },
      { id: randomUUID(), address: 'a@x.test', purpose: 'register', sentAt: hoursAgo(2) },
    ]);
    const throttle = (key: string, updatedAt: Date, lockedUntil: Date | null) => ({
      key,
      failures: 5,
      windowStartedAt: updatedAt,
      lockedUntil,
      updatedAt,
    });
    await db
      .insert(authThrottles)
      .values([
        throttle('idle', hoursAgo(25), null),
        throttle('idle-still-locked', hoursAgo(25), hoursAhead(1)),
        throttle('recent', hoursAgo(1), null),
      ]);
    const session = (expiresAt: Date) => ({
      id: randomUUID(),
      userId,
      createdAt: hoursAgo(24 * 31),
      lastUsedAt: hoursAgo(24 * 2),
      expiresAt,
    });
    const ended = session(hoursAgo(25));
    const live = session(hoursAhead(24));
    await db.insert(sessions).values([ended, live]);
    await db.insert(refreshTokens).values([
      { tokenHash: 'rt-ended', sessionId: ended.id, createdAt: hoursAgo(24 * 31) },
      { tokenHash: 'rt-live', sessionId: live.id, createdAt: hoursAgo(1) },
    ]);
    const launch = (tokenHash: string, expiresAt: Date) => ({
      tokenHash,
      userId,
      gameId: gameId!,
      provider: 'pragmatic',
      currency: 'USD',
      sessionId: live.id,
      createdAt: new Date(expiresAt.getTime() - 4 * 3_600_000),
      expiresAt,
    });
    // Two days after expiry a provider may still settle with it; eight days after, not.
    await db
      .insert(launchTokens)
      .values([launch('lt-8-days', hoursAgo(24 * 8)), launch('lt-2-days', hoursAgo(48))]);
    await db.insert(studioSessions).values([
      { key: 'pragmatic:session:gone', value: { owner: 'http://a' }, expiresAt: hoursAgo(1) },
      { key: 'pragmatic:session:live', value: { owner: 'http://a' }, expiresAt: hoursAgo(-1) },
    ]);
    const entriesBefore = await count('ledger_entries');

    const lines: string[] = [];
    const logger = createLogger(
      { env: 'test', logLevel: 'info' },
      { write: (line: string) => void lines.push(line) },
    );
    const report = await createHousekeeping({ db, clock, logger }).runOnce();
    expect(report.deleted).toEqual({
      'pending registrations': 1,
      'e-mail changes': 1,
      'password resets': 1,
      'code sends': 1,
      'password throttles': 1,
      'launch tokens': 1,
      sessions: 1,
      'studio sessions': 1,
    });
    expect(
      (await db.select({ email: pendingRegistrations.email }).from(pendingRegistrations)).map(
        (r) => r.email,
      ),
    ).toEqual(['new@x.test']);
    expect(await count('email_changes')).toBe(0);
    expect(await count('password_resets')).toBe(0);
    expect(await count('otp_sends')).toBe(1);
    expect(
      (await db.select({ key: authThrottles.key }).from(authThrottles)).map((r) => r.key).sort(),
    ).toEqual(['idle-still-locked', 'recent']);
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual([
      live.id,
    ]);
    expect(
      (await db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)).map((r) => r.hash),
    ).toEqual(['rt-live']);
    expect(
      (await db.select({ hash: launchTokens.tokenHash }).from(launchTokens)).map((r) => r.hash),
    ).toEqual(['lt-2-days']);
    expect(await count('ledger_entries')).toBe(entriesBefore);
    expect(lines.join('')).toContain('stale rows purged');

    // A second run finds nothing more.
    const again = await createHousekeeping({ db, clock, logger }).runOnce();
    expect(Object.values(again.deleted).every((n) => n === 0)).toBe(true);
  });

  it('runs on its timer once started, and no more once stopped', async () => {
    const logger = createLogger({ env: 'test', logLevel: 'silent' });
    const stale = () => ({
      id: randomUUID(),
      address: 'timer@x.test',
      purpose: 'register',
      sentAt: hoursAgo(48),
    });
    const housekeeping = createHousekeeping({ db, clock, logger, firstDelayMs: 5, intervalMs: 20 });
    await db.insert(otpSends).values(stale());
    housekeeping.start();
    await expect.poll(() => count('otp_sends'), { timeout: 2_000 }).toBe(1);
    await housekeeping.stop();
    await db.insert(otpSends).values(stale());
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count('otp_sends')).toBe(2);
  });
});
