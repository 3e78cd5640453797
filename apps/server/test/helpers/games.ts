import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { Database } from '../../src/db/database';
import { eq } from 'drizzle-orm';
import { games, sessions, users, wallets } from '../../src/db/schema';
import { createSessionService } from '../../src/features/auth/session-service';
import { createTokenService } from '../../src/features/auth/token-service';
import { foldSearchText } from '../../src/features/games/search-text';
import { createLedger } from '../../src/features/wallet/ledger';
import type { CatalogEntry } from '../../src/features/providers/provider-adapter';
import type { Clock } from '../../src/lib/clock';
import { testSecrets } from './test-app';

export interface TestPlayer {
  id: string;
  accessToken: string;
  /** The sign-in session behind the access token (launches record it). */
  sessionId: string;
  authorization: { authorization: string };
}

/**
 * A player with a wallet (balance in thousandths, funded by a ledger adjustment so the
 * ledger check holds) and a live session, made through the accounts feature's own session
 * and token services.
 */
export async function createTestPlayer(
  db: Database,
  clock: Clock,
  balance = 25_000n,
): Promise<TestPlayer> {
  const id = randomUUID();
  const now = clock.now();
  const suffix = randomBytes(4).toString('hex');
  await db.insert(users).values({
    id,
    username: `player_${suffix}`,
    email: `player_${suffix}@example.test`,
    passwordHash: 'not-a-real-hash',
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(wallets).values({ userId: id, currency: 'USD', createdAt: now, updatedAt: now });
  if (balance !== 0n) {
    await createLedger({ db, clock }).postAdjustment({
      userId: id,
      amount: balance,
      reason: 'test funds',
      idempotencyKey: `fund-${id}`,
      actor: 'test',
    });
  }
  const tokens = createTokenService({ secret: testSecrets.JWT_SECRET, ttlSeconds: 900, clock });
  const service = createSessionService({ db, clock, tokens, absoluteTtlDays: 30, idleTtlDays: 7 });
  const { accessToken } = await service.open(id);
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, id));
  return {
    id,
    accessToken,
    sessionId: session!.id,
    authorization: { authorization: `Bearer ${accessToken}` },
  };
}

/** A catalog entry with sensible defaults, for seeding the games table through the sync path. */
export function catalogEntry(
  overrides: Partial<CatalogEntry> & { providerGameId: string },
): CatalogEntry {
  return {
    name: overrides.providerGameId,
    image: 'https://cdn.example.test/game.svg',
    category: 'slots',
    tags: [],
    isNew: false,
    isTop: false,
    popularity: 50,
    demo: true,
    real: true,
    demoUrl: `https://demo.example.test/play?game=${encodeURIComponent(overrides.providerGameId)}`,
    releasedAt: '2026-01-01',
    ...overrides,
  };
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Inserts games straight into the catalog (beside whatever the sync put there), so a test
 * controls names, dates and flags without going through a provider.
 */
export async function seedGames(
  db: Database,
  provider: 'endorphina' | 'pragmatic' | 'gbgames',
  entries: CatalogEntry[],
  options: { enabled?: boolean } = {},
): Promise<Map<string, string>> {
  const rows = await db
    .insert(games)
    .values(
      entries.map((e) => ({
        provider,
        providerGameId: e.providerGameId,
        name: e.name,
        searchText: foldSearchText(e.name),
        image: e.image,
        category: e.category,
        tags: e.tags,
        isNew: e.isNew,
        isTop: e.isTop,
        popularity: e.popularity,
        hasDemo: e.demo,
        hasReal: e.real,
        demoUrl: e.demoUrl,
        enabled: options.enabled ?? true,
        releasedAt: e.releasedAt,
        syncedAt: new Date(),
      })),
    )
    .returning({ id: games.id, providerGameId: games.providerGameId });
  return new Map(rows.map((row) => [row.providerGameId, row.id]));
}
