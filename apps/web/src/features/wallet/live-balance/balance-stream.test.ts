import { afterEach, describe, expect, it, vi } from 'vitest';
import { readBalanceUpdate, startBalanceStream, type BalanceUpdate } from './balance-stream';

/** A response body the test writes into, like a server holding the stream open. */
function sseBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const encoder = new TextEncoder();
  return {
    state,
    response: new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream' },
    }),
    send: (text: string) => {
      if (!state.cancelled) controller.enqueue(encoder.encode(text));
    },
    end: () => controller.close(),
  };
}

const balance = (value: string) =>
  `event: balance\ndata: {"balance":"${value}","currency":"USD"}\n\n`;

interface Harness {
  calls: { url: string; authorization: string | null; signal: AbortSignal | undefined }[];
  updates: BalanceUpdate[];
  sleeps: number[];
  renewed: string[];
  stop: () => void;
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

function harness(
  answers: (() => Response | Promise<Response>)[],
  options: {
    token?: () => string | null;
    renew?: (failed: string) => Promise<string>;
    idleTimeoutMs?: number;
  } = {},
): Harness {
  let clock = 0;
  const h: Harness = { calls: [], updates: [], sleeps: [], renewed: [], stop: () => undefined };
  let token = 'first';
  h.stop = startBalanceStream({
    getToken: options.token ?? (() => token),
    renewToken:
      options.renew ??
      ((failed) => {
        h.renewed.push(failed);
        token = 'fresh';
        return Promise.resolve(token);
      }),
    onBalance: (update) => h.updates.push(update),
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      h.calls.push({
        url: input instanceof Request ? input.url : input.toString(),
        authorization: headers.get('Authorization'),
        signal: init?.signal ?? undefined,
      });
      const next = answers.shift();
      if (!next) return new Promise<Response>(() => undefined); // hangs: the test is done
      return Promise.resolve(next());
    },
    sleep: (ms) => {
      h.sleeps.push(ms);
      clock += ms;
      return Promise.resolve();
    },
    now: () => (clock += 1),
    random: () => 1,
    ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
  });
  stops.push(h.stop);
  return h;
}

describe('readBalanceUpdate', () => {
  it('takes a decimal balance and a currency, nothing else', () => {
    expect(readBalanceUpdate('{"balance":"12.50","currency":"USD"}')).toEqual({
      balance: '12.50',
      currency: 'USD',
    });
    expect(readBalanceUpdate('{"balance":"12.345","currency":"USD"}')?.balance).toBe('12.345');
    for (const bad of [
      '',
      'nope',
      'null',
      '{"balance":12.5,"currency":"USD"}',
      '{"balance":"1e3","currency":"USD"}',
      '{"balance":"1.00"}',
    ]) {
      expect(readBalanceUpdate(bad), bad).toBeNull();
    }
  });
});

describe('startBalanceStream', () => {
  it('opens the stream with the bearer token and hands over every balance event', async () => {
    const stream = sseBody();
    const h = harness([() => stream.response]);
    await vi.waitFor(() => expect(h.calls).toHaveLength(1));
    expect(h.calls[0]).toMatchObject({ url: '/api/wallet/stream', authorization: 'Bearer first' });
    stream.send('retry: 3000\n' + balance('25.00') + ': ping\n\n');
    stream.send('event: other\ndata: {}\n\nevent: balance\ndata: broken\n\n');
    // One event split across two chunks.
    const split = balance('26.50');
    stream.send(split.slice(0, 30));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(h.updates.map((u) => u.balance)).toEqual(['25.00']);
    stream.send(split.slice(30));
    await vi.waitFor(() => expect(h.updates.map((u) => u.balance)).toEqual(['25.00', '26.50']));
  });

  it('after a 401 renews the token through the app and reconnects with the fresh one', async () => {
    const stream = sseBody();
    const h = harness([() => new Response(null, { status: 401 }), () => stream.response]);
    await vi.waitFor(() => expect(h.calls).toHaveLength(2));
    expect(h.renewed).toEqual(['first']);
    expect(h.calls.map((c) => c.authorization)).toEqual(['Bearer first', 'Bearer fresh']);
    expect(h.sleeps).toEqual([]);
    stream.send(balance('3.00'));
    await vi.waitFor(() => expect(h.updates).toEqual([{ balance: '3.00', currency: 'USD' }]));
  });

  it('reconnects after the server ends the stream and backs off while it is unreachable', async () => {
    const first = sseBody();
    const h = harness([
      () => first.response,
      () => Promise.reject(new TypeError('offline')),
      () => Promise.reject(new TypeError('offline')),
      () => new Response(null, { status: 503 }),
      () => sseBody().response,
    ]);
    await vi.waitFor(() => expect(h.calls).toHaveLength(1));
    first.send(balance('1.00'));
    first.end(); // open only a moment (the fake clock): counts as a failure
    await vi.waitFor(() => expect(h.calls).toHaveLength(5));
    expect(h.sleeps).toEqual([1000, 2000, 4000, 8000]);
  });

  it('follows Retry-After when the player has too many streams open', async () => {
    const h = harness([
      () => new Response('{}', { status: 429, headers: { 'Retry-After': '30' } }),
      () => sseBody().response,
    ]);
    await vi.waitFor(() => expect(h.calls).toHaveLength(2));
    expect(h.sleeps).toEqual([30_000]);
  });

  it('gives up on a 404 (a server without the stream) and when signed out', async () => {
    const h = harness([() => new Response(null, { status: 404 })]);
    await vi.waitFor(() => expect(h.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.calls).toHaveLength(1);

    const none = harness([], { token: () => null });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(none.calls).toHaveLength(0);
  });

  it('replaces a stream that stays silent past the idle timeout (a proxy dropped it)', async () => {
    const silent = sseBody();
    const next = sseBody();
    const h = harness([() => silent.response, () => next.response], { idleTimeoutMs: 60 });
    await vi.waitFor(() => expect(h.calls).toHaveLength(1));
    silent.send(': ping\n\n'); // a heartbeat resets the watchdog…
    await vi.waitFor(() => expect(h.calls).toHaveLength(2), { timeout: 1000 });
    expect(h.calls[0]?.signal?.aborted).toBe(true); // …silence after it does not
    expect(silent.state.cancelled).toBe(true);
    next.send(balance('5.00'));
    await vi.waitFor(() => expect(h.updates).toEqual([{ balance: '5.00', currency: 'USD' }]));
  });

  it('stop() aborts the open request and nothing follows', async () => {
    const stream = sseBody();
    const h = harness([() => stream.response, () => sseBody().response]);
    await vi.waitFor(() => expect(h.calls).toHaveLength(1));
    h.stop();
    expect(h.calls[0]?.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(stream.state.cancelled).toBe(true));
    stream.send(balance('9.00'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.updates).toEqual([]);
    expect(h.calls).toHaveLength(1);
  });

  it('waits and tries again when the refresh itself could not be reached', async () => {
    let attempts = 0;
    const h = harness(
      [
        () => new Response(null, { status: 401 }),
        () => new Response(null, { status: 401 }),
        () => sseBody().response,
      ],
      {
        renew: () => {
          attempts += 1;
          return Promise.reject(new Error('unreachable'));
        },
      },
    );
    await vi.waitFor(() => expect(h.calls).toHaveLength(3));
    expect(attempts).toBe(1);
    expect(h.sleeps).toEqual([2000, 2000]);
  });
});
