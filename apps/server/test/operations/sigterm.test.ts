import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../helpers/ledger';
import { spawnServer } from '../helpers/spawn-server';
import {
  endorphinaBet,
  endorphinaEnv,
  processDatabase,
  seedEndorphinaTable,
  type EndorphinaTable,
  type ProcessDatabase,
} from './process-fixture';

const fromSource = ['--import', 'tsx', 'src/server.ts'];

/**
 * Issue 31: a server process gets SIGTERM while 50 wallet callbacks are in flight. Every
 * callback gets a definite answer (200 with the bet taken, or 503 in the error shape and
 * nothing taken: the provider retries it elsewhere), never a reset connection; readiness
 * says 503 meanwhile; the process exits 0 and the ledger check is clean.
 */
describe('SIGTERM with wallet callbacks in flight', () => {
  let database: ProcessDatabase;
  let table: EndorphinaTable;
  beforeAll(async () => {
    database = await processDatabase();
    table = await database.withDb((db) => seedEndorphinaTable(db, 1_000_000n));
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
  });

  it('answers all 50, says unready, exits 0 and leaves the ledger clean', async () => {
    const server = spawnServer(fromSource, {
      NODE_ENV: 'test',
      // Debug: the "incoming request" line of each request (below) is written at debug only.
      LOG_LEVEL: 'debug',
      SHUTDOWN_TIMEOUT_MS: '10000',
      ...endorphinaEnv,
      ...database.env,
    });
    const base = await server.listening;
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    let firstAnswered!: () => void;
    const first = new Promise<void>((resolve) => {
      firstAnswered = resolve;
    });
    const bets = Array.from({ length: 50 }, (_, i) =>
      endorphinaBet(base, table, `sigterm-bet-${i}`, 1_000).then(
        async (res) => {
          firstAnswered();
          return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        },
        (error: unknown) => {
          firstAnswered();
          return { status: 0, body: { failed: String(error) } };
        },
      ),
    );
    await first;
    // In flight means received: on a busy machine some of the 50 may still be connecting when
    // the first is answered, and a connection that arrives after the listener closed is
    // refused by the kernel, before the server could answer it. Wait for the server's own
    // "incoming request" line of every bet (no time limit but the test's own).
    const received = () => server.output().split('"incoming request"').length - 1;
    while (received() < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    server.stop('SIGTERM');
    // The balancer's probe sees 503 as soon as the signal is handled, while the callbacks are
    // still being answered (a probe already queued before it may still see 200).
    let ready: { status: number; body: unknown } = { status: 0, body: 'no answer' };
    for (let i = 0; i < 200; i++) {
      ready = await fetch(`${base}/api/health/ready`).then(
        async (res) => ({ status: res.status, body: await res.json() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
      if (ready.status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const answers = await Promise.all(bets);
    const exit = await server.exited;
    expect(exit.code, exit.stderr).toBe(0);
    // On a fast database every callback may be answered before the probe gets in; then the
    // listener is closed already (readiness.test.ts checks the 503 itself in process).
    if (ready.status !== 0) {
      expect(ready).toMatchObject({ status: 503, body: { checks: { shutdown: 'shutting-down' } } });
    }
    expect(exit.stdout).toMatch(/"shutdown":\{"clean":true,"inFlightLeft":0/);

    const taken = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 503);
    expect(taken.length + refused.length, JSON.stringify(answers)).toBe(50);
    expect(taken.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    }
    expect(exit.stdout).toContain('"signal":"SIGTERM"');

    await database.withDb(async (db) => {
      await expectLedgerClean(db);
      const { rows } = await db.execute<{ bets: string; balance: string }>(sql`
        select (select count(*) from ledger_entries
                 where user_id = ${table.playerId}::uuid and kind = 'bet')::text as bets,
               (select balance::text from wallets where user_id = ${table.playerId}::uuid) as balance`);
      // Every 200 is a bet on the ledger, every 503 is none: 1000.000 less 1.000 per bet.
      expect(Number(rows[0]?.bets)).toBe(taken.length);
      expect(rows[0]?.balance).toBe(String(1_000_000 - 1_000 * taken.length));
    });
  }, 120_000);
});
