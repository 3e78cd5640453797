import { randomUUID } from 'node:crypto';
import { walletBalanceEventSchema, type WalletBalanceEvent } from '@casino/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { balanceStreamRoutes } from '../../src/features/wallet/balance-stream';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { createPlayer, errorOf } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** A server-sent event stream read frame by frame, as the web client reads it. */
interface OpenStream {
  status: number;
  headers: Headers;
  /** The next `balance` event; throws after `ms` without one. */
  next(ms?: number): Promise<WalletBalanceEvent>;
  /** The next raw frame (comments included); undefined once the stream ended. */
  frame(ms?: number): Promise<string | undefined>;
  /** Resolves once the server ended the stream. */
  ended(ms?: number): Promise<void>;
  cancel(): Promise<void>;
}

const open: OpenStream[] = [];
let current: TestApp | undefined;

afterEach(async () => {
  for (const stream of open.splice(0)) await stream.cancel().catch(() => {});
  await current?.close();
  current = undefined;
});

async function listening(env: Record<string, string> = {}): Promise<{ t: TestApp; url: string }> {
  const t = await buildTestApp({ env });
  current = t;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not on TCP');
  return { t, url: `http://127.0.0.1:${address.port}` };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function openStream(url: string, accessToken: string, path = '/api/wallet/stream') {
  // Aborting closes the socket at once (a reader's cancel can wait on the connection).
  const abort = new AbortController();
  const res = await fetch(`${url}${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  let read: Promise<void> | undefined;
  const pull = () =>
    (read ??= reader.read().then((chunk) => {
      read = undefined;
      if (chunk.done) done = true;
      else buffer += chunk.value;
    }));
  const frame = async (ms = 3_000): Promise<string | undefined> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return text;
      }
      if (done) return undefined;
      await withTimeout(pull(), ms, 'a frame');
    }
  };
  const stream: OpenStream = {
    status: res.status,
    headers: res.headers,
    frame,
    async next(ms = 3_000) {
      for (;;) {
        const text = await frame(ms);
        if (text === undefined) throw new Error('the stream ended');
        const lines = text.split('\n');
        if (!lines.includes('event: balance')) continue;
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '';
        return walletBalanceEventSchema.parse(JSON.parse(data));
      }
    },
    async ended(ms = 5_000) {
      while ((await frame(ms)) !== undefined);
    },
    cancel: () => {
      abort.abort();
      return Promise.resolve();
    },
  };
  open.push(stream);
  return stream;
}

describe('GET /api/wallet/stream', () => {
  it('answers 401 without a token, with a bad one, and without opening a stream', async () => {
    const t = await buildTestApp();
    current = t;
    const none = await t.app.inject({ method: 'GET', url: '/api/wallet/stream' });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('UNAUTHORIZED');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/stream',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('sends the current balance first, as a decimal string, then every change', async () => {
    const { t, url } = await listening();
    const alice = await createTestPlayer(t.db, systemClock, 25_000n);
    const stream = await openStream(url, alice.accessToken);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    expect(await stream.next()).toEqual({
      balance: '25.00',
      currency: 'USD',
      cash: '25.00',
      bonus: '0.00',
    });

    await t.app.wallet.postWin({
      userId: alice.id,
      amount: 1_250n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: `win-${randomUUID()}`,
    });
    expect(await stream.next()).toEqual({
      balance: '26.25',
      currency: 'USD',
      cash: '26.25',
      bonus: '0.00',
    });

    await t.app.wallet.postAdjustment({
      userId: alice.id,
      amount: -6_255n,
      reason: 'correction',
      idempotencyKey: randomUUID(),
      actor: 'test',
    });
    expect(await stream.next()).toEqual({
      balance: '19.995',
      currency: 'USD',
      cash: '19.995',
      bonus: '0.00',
    });
    await expectLedgerClean(t.db);
  });

  it("sends nothing for another player's change, a replay or a zero win", async () => {
    const { t, url } = await listening();
    const alice = await createTestPlayer(t.db, systemClock, 10_000n);
    const bob = await createTestPlayer(t.db, systemClock, 10_000n);
    const stream = await openStream(url, alice.accessToken);
    expect(await stream.next()).toEqual({
      balance: '10.00',
      currency: 'USD',
      cash: '10.00',
      bonus: '0.00',
    });

    const bet = {
      userId: alice.id,
      amount: 1_000n,
      currency: 'USD',
      provider: 'pragmatic' as const,
      txId: `bet-${randomUUID()}`,
    };
    await t.app.wallet.postBet({ ...bet, userId: bob.id, txId: `bet-${randomUUID()}` });
    await t.app.wallet.postWin({ ...bet, userId: alice.id, amount: 0n });
    await t.app.wallet.postBet(bet);
    await t.app.wallet.postBet(bet); // replayed: nothing moves
    await t.app.wallet.postAdjustment({
      userId: alice.id,
      amount: 500n,
      reason: 'bonus',
      idempotencyKey: randomUUID(),
      actor: 'test',
    });
    // Bob's 9.00 never shows; the replay adds no third event.
    expect(await stream.next()).toEqual({
      balance: '9.00',
      currency: 'USD',
      cash: '9.00',
      bonus: '0.00',
    });
    expect(await stream.next()).toEqual({
      balance: '9.50',
      currency: 'USD',
      cash: '9.50',
      bonus: '0.00',
    });
    await expect(stream.next(400)).rejects.toThrow(/timed out/);
    await expectLedgerClean(t.db);
  });

  it('drops a late notice of a row its first balance already holds (another instance)', async () => {
    const { t, url } = await listening();
    const alice = await createTestPlayer(t.db, systemClock, 10_000n);
    await t.app.wallet.postBet({
      userId: alice.id,
      amount: 1_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: `bet-${randomUUID()}`,
    });
    const stream = await openStream(url, alice.accessToken);
    expect((await stream.next()).balance).toBe('9.00');
    // A row older than the bet (the wallet at 10.00, the lowest id), announced late, as another instance's
    // NOTIFY brings it after the stream opened: never announced in this process.
    const { entries } = await t.app.wallet.listEntries(alice.id, { limit: 1 });
    const bet = entries[0]!;
    t.app.wallet.events.emitBalanceChanged({
      userId: alice.id,
      balance: 10_000n,
      currency: 'USD',
      entry: { ...bet, id: '0', balanceAfter: 10_000n },
    });
    await expect(stream.next(400)).rejects.toThrow(/timed out/);
  });

  it('keeps the connection alive with comment lines', async () => {
    const t = await buildTestApp();
    current = t;
    // The same plugin with a 50 ms heartbeat, beside the real one.
    await t.app.register(balanceStreamRoutes, {
      prefix: '/test-heartbeat',
      ledger: t.app.wallet,
      clock: systemClock,
      heartbeatMs: 50,
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const player = await createTestPlayer(t.db, systemClock);
    const stream = await openStream(
      `http://127.0.0.1:${address.port}`,
      player.accessToken,
      '/test-heartbeat/wallet/stream',
    );
    await stream.next();
    expect(await stream.frame(1_000)).toBe(': ping');
    expect(await stream.frame(1_000)).toBe(': ping');
  });

  it('allows five streams per player and answers the sixth 429; a closed one frees its place', async () => {
    const { t, url } = await listening();
    const alice = await createTestPlayer(t.db, systemClock);
    const bob = await createTestPlayer(t.db, systemClock);
    const streams = [];
    for (let i = 0; i < 5; i++) {
      const stream = await openStream(url, alice.accessToken);
      await stream.next();
      streams.push(stream);
    }
    const sixth = await fetch(`${url}/api/wallet/stream`, { headers: alice.authorization });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBe('30');
    expect(((await sixth.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // Another player is not affected.
    expect((await (await openStream(url, bob.accessToken)).next()).balance).toBe('25.00');

    await streams[0]!.cancel();
    for (let attempt = 0; ; attempt++) {
      const again = await fetch(`${url}/api/wallet/stream`, { headers: alice.authorization });
      if (again.status === 200) {
        await again.body?.cancel();
        break;
      }
      await again.body?.cancel();
      if (attempt > 50) throw new Error(`still ${again.status} after the first stream closed`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('ends when the access token that opened it expires', async () => {
    const { t, url } = await listening({ ACCESS_TOKEN_TTL_SECONDS: '3' });
    const player = await createPlayer(t);
    const stream = await openStream(url, player.accessToken);
    expect(await stream.next()).toEqual({
      balance: '0.00',
      currency: 'USD',
      cash: '0.00',
      bonus: '0.00',
    });
    const started = performance.now();
    await stream.ended(5_000);
    expect(performance.now() - started).toBeLessThan(3_500);
  });

  it('ends every open stream when the app closes, without holding the shutdown up', async () => {
    const { t, url } = await listening();
    const players = [
      await createTestPlayer(t.db, systemClock),
      await createTestPlayer(t.db, systemClock),
    ];
    const streams = await Promise.all(players.map((p) => openStream(url, p.accessToken)));
    for (const stream of streams) await stream.next();

    const started = performance.now();
    await t.app.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    for (const stream of streams) await stream.ended(2_000);
    current = undefined;
    await t.close();
  });
});
