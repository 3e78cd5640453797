import { and, asc, eq } from 'drizzle-orm';
import type { GamePage, LaunchResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries } from '../../src/db/schema';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer, freePort } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import {
  betMessage,
  gbWalletSuite,
  newId,
  newRound,
  ok,
  refundMessage,
  refused,
  resultMessage,
} from './gbgames-wallet-suite';

const { t, s, logLines, newPlayer, send, balanceOf, rowsOf } = gbWalletSuite();

describe('a failure that is not the wallet’s', () => {
  it('answers INTERNAL (500, retryable) when the database fails, logs no secret, and the retry lands once', async () => {
    const p = await newPlayer(25_005n);
    const betId = newId();
    const round = newRound();
    const bet = betMessage(p, betId, round, '1.00');
    const down = new Error('Connection terminated unexpectedly');

    vi.spyOn(t.app.wallet, 'postBet').mockRejectedValueOnce(down);
    const before = logLines.length;
    expect(await send(bet)).toEqual(refused(500, 'INTERNAL'));
    expect(await balanceOf(p)).toBe(25_005n);

    vi.spyOn(t.app.wallet, 'postWin').mockRejectedValueOnce(down);
    vi.spyOn(t.app.wallet, 'postRefund').mockRejectedValueOnce(down);
    expect(await send(resultMessage(p, newId(), betId, round, '1.00'))).toEqual(
      refused(500, 'INTERNAL'),
    );
    expect(await send(refundMessage(p, newId(), newId(), round, '1.00'))).toEqual(
      refused(500, 'INTERNAL'),
    );
    // The token lookup's own query failing is the same: retry. (A result looks its token up
    // only when its posting did not take the token, here one issued for another currency; a
    // bet on a live token and a result on its token are checked inside their posting.)
    vi.spyOn(t.db, 'select').mockImplementationOnce(() => {
      throw down;
    });
    expect(
      await send({ ...resultMessage(p, newId(), betId, round, '0.00'), currency: 'EUR' }),
    ).toEqual(refused(500, 'INTERNAL'));
    expect(await rowsOf(p)).toEqual([]);

    // The studio's retry, same transactionId: applied once.
    expect(await send(bet)).toEqual(ok('24.00'));
    expect(await send(bet)).toEqual(ok('24.00'));
    expect(await rowsOf(p)).toHaveLength(1);

    const logged = logLines.slice(before).join('\n');
    expect(logged).toContain('answered INTERNAL');
    expect(logged).toContain('Connection terminated unexpectedly');
    expect(logged).toContain(betId);
    for (const secretText of [p.token, s.secret]) expect(logged).not.toContain(secretText);
    expect(logged).not.toMatch(/[0-9a-f]{64}/);
  });
});

describe('the simulated studio as the client, over real HTTP', () => {
  let e: TestApp;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    e = await buildTestApp({ env: { HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base } });
    await e.app.gameCatalog.sync.syncProvider('gbgames');
    await e.app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await e.close();
  });

  /** Launches a GB game for a new player and follows the link to the studio's game page. */
  const openGame = async () => {
    const player = await createTestPlayer(e.db, systemClock, 42_500n);
    const list = await fetch(`${base}/api/total/games?provider=gbgames&limit=1`);
    const { gameId } = ((await list.json()) as GamePage).data[0]!;
    const launched = await fetch(`${base}/api/provider2-game/launch?gameId=${gameId}`, {
      headers: player.authorization,
    });
    expect(launched.status).toBe(200);
    const link = ((await launched.json()) as LaunchResponse).url;
    const opened = await fetch(link, { redirect: 'manual' });
    const page = opened.status === 302 ? opened.headers.get('location')! : link;
    expect(page).toMatch(/\/studios\/gbgames\/game\/\w+$/);
    const spin = async () => {
      const res = await fetch(`${page}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bet: 1_000 }),
      });
      return (await res.json()) as { ok: boolean; error?: string; win?: number; balance: number };
    };
    const rows = () =>
      e.db
        .select({ operation: ledgerEntries.operation, status: ledgerEntries.status })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, player.id), eq(ledgerEntries.provider, 'gbgames')))
        .orderBy(asc(ledgerEntries.id));
    const balance = async () => (await e.app.wallet.getBalance(player.id)).balance;
    return { spin, rows, balance };
  };

  it('retries a bet the database failed once: one bet, one result, the game shows the ledger', async () => {
    const game = await openGame();
    vi.spyOn(e.app.wallet, 'postBet').mockRejectedValueOnce(new Error('database down'));
    const answer = await game.spin();
    expect(answer.ok).toBe(true);
    expect(await game.rows()).toEqual([
      { operation: 'bet', status: 'applied' },
      { operation: 'result', status: 'applied' },
    ]);
    expect(await game.balance()).toBe(42_500n - 1_000n + BigInt(answer.win ?? 0));
    expect(BigInt(answer.balance)).toBe(await game.balance());
  });

  it('refunds a bet that failed every attempt: our tombstone, the balance untouched', async () => {
    const game = await openGame();
    const postBet = vi.spyOn(e.app.wallet, 'postBet');
    for (let attempt = 0; attempt < 4; attempt++) {
      postBet.mockRejectedValueOnce(new Error('database down'));
    }
    expect(await game.spin()).toMatchObject({ ok: false, error: 'WALLET_UNAVAILABLE' });
    expect(postBet).toHaveBeenCalledTimes(4);
    expect(await game.rows()).toEqual([{ operation: 'refund', status: 'tombstone' }]);
    expect(await game.balance()).toBe(42_500n);
    // The next round plays normally.
    expect((await game.spin()).ok).toBe(true);
    await expectLedgerClean(e.db);
  });
});

it('leaves the ledger consistent', async () => {
  const report = await expectLedgerClean(t.db);
  expect(report.counts.entries).toBeGreaterThan(0);
});
