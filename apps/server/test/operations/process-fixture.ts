import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPglite } from '../../src/db/pglite-connection';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../../src/features/providers/endorphina/wallet-routes';
import { systemClock } from '../../src/lib/clock';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';

/**
 * A database for a server process of its own, on the driver the suite runs on: a copy of
 * the PostgreSQL template, or a PGlite data folder. `withDb` opens it from the test (on
 * PGlite only while no server holds the folder).
 */
export interface ProcessDatabase {
  env: Record<string, string>;
  withDb<T>(work: (db: DatabaseConnection) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

export async function processDatabase(): Promise<ProcessDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-process-'));
  if (testDatabaseDriver() === 'postgres') {
    const copy = await createTestDb();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: copy.url! },
      withDb: (work) => work(copy.db),
      destroy: async () => {
        await copy.destroy();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  // The folder starts as a copy of the suite's migrated template, as a server's new
  // database starts from the build's image (db/pglite-image.ts).
  const template = inject('testDatabaseTemplate');
  let loadDataDir: Blob | undefined =
    template.driver === 'pglite' ? new Blob([await readFile(template.dumpFile)]) : undefined;
  return {
    env: { DATA_DIR: dataDir },
    async withDb(work) {
      const db = await openPglite({
        dataDir: join(dataDir, 'pglite'),
        ...(loadDataDir ? { loadDataDir } : {}),
      });
      loadDataDir = undefined;
      try {
        await db.migrate();
        return await work(db);
      } finally {
        await db.close();
      }
    },
    destroy: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** Endorphina as an external provider this test plays: its wallet callbacks, no catalog. */
export const endorphinaSalt = randomBytes(24).toString('hex');
export const endorphinaEnv = {
  PROVIDERS: 'off',
  ENDORPHINA_MODE: 'external',
  // Nobody listens there: the catalog sync fails in the background, the callbacks work.
  ENDORPHINA_URL: 'http://127.0.0.1:9',
  ENDORPHINA_NODE_ID: 'node-ops-test',
  ENDORPHINA_SALT: endorphinaSalt,
};

export interface EndorphinaTable {
  playerId: string;
  token: string;
  game: string;
}

/** A funded player with a live Endorphina launch, seeded straight into the database. */
export async function seedEndorphinaTable(
  db: DatabaseConnection,
  balance: bigint,
): Promise<EndorphinaTable> {
  const game = `endo-ops-${randomBytes(3).toString('hex')}@ENDORPHINA`;
  const ids = await seedGames(db, 'endorphina', [catalogEntry({ providerGameId: game })]);
  const player = await createTestPlayer(db, systemClock, balance);
  const token = await recordTestLaunch(db, systemClock, {
    provider: 'endorphina',
    gameId: ids.get(game)!,
    userId: player.id,
  });
  return { playerId: player.id, token, game };
}

/** One signed bet callback, as the studio posts it. */
export function endorphinaBet(
  base: string,
  table: EndorphinaTable,
  betId: string,
  amountThousandths: number,
): Promise<Response> {
  const params: Record<string, string> = {
    token: table.token,
    currency: 'USD',
    game: table.game,
    player: table.playerId,
    gameId: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
    date: String(Date.now()),
    amount: String(amountThousandths),
    id: betId,
  };
  const body = new URLSearchParams({ ...params, sign: endorphinaSign(params, endorphinaSalt) });
  return fetch(`${base}${endorphinaWalletPrefix}/bet`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
}
