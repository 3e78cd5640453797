import { createSseParser } from './sse-parser';
import { isFailure, nextStep, type StreamOutcome } from './reconnect';

/** What the stream's `balance` event carries (contracts `walletBalanceEventSchema`). */
export interface BalanceUpdate {
  /** Decimal string, e.g. "12.50". */
  balance: string;
  currency: string;
  /** The part of `balance` that is bonus money (absent from an older server). */
  bonus?: string;
}

export interface BalanceStreamOptions {
  /** The stored access token now (null: signed out, the stream stops). */
  getToken: () => string | null;
  /** The app's shared refresh after a 401; rejects when it could not renew. */
  renewToken: (failedToken: string) => Promise<string>;
  onBalance: (update: BalanceUpdate) => void;
  url?: string;
  fetch?: typeof fetch;
  /** Waits; resolves early (false) when the stream is stopped. Tests pass a fake clock. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /**
   * A stream silent this long (no event, no heartbeat: the server pings every 25 s) is taken
   * for dead, as behind a proxy that dropped it without a word, and replaced. Default 70 s.
   */
  idleTimeoutMs?: number;
}

export const balanceStreamUrl = '/api/wallet/stream';
const moneyPattern = /^-?\d+\.\d{2,3}$/;

/** The `data` of a `balance` event, checked by hand (zod stays out of this chunk). */
export function readBalanceUpdate(data: string): BalanceUpdate | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { balance, currency, bonus } = value as Record<string, unknown>;
  if (typeof balance !== 'string' || !moneyPattern.test(balance)) return null;
  if (typeof currency !== 'string') return null;
  if (typeof bonus === 'string' && moneyPattern.test(bonus)) return { balance, currency, bonus };
  return { balance, currency };
}

function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  return value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

function defaultSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Follows GET /api/wallet/stream until stopped: fetch with the bearer token (EventSource
 * cannot send one), the body read chunk by chunk, every `balance` event handed to `onBalance`.
 * When the stream ends or fails it reconnects by the rule in reconnect.ts: after a 401 it asks
 * the app's refresh for a fresh token first. Returns stop(), which aborts the request at once.
 */
export function startBalanceStream(options: BalanceStreamOptions): () => void {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? (() => Date.now());
  const url = options.url ?? balanceStreamUrl;
  const idleTimeoutMs = options.idleTimeoutMs ?? 70_000;
  const stopped = new AbortController();

  /** One attempt: resolves with how it ended (never rejects). */
  async function attempt(token: string): Promise<StreamOutcome> {
    // Aborted by stop() or by the idle watchdog below.
    const aborter = new AbortController();
    const onStop = () => aborter.abort();
    stopped.signal.addEventListener('abort', onStop, { once: true });
    let idle: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      clearTimeout(idle);
      idle = setTimeout(() => aborter.abort(), idleTimeoutMs);
    };
    try {
      watch();
      return await read(token, aborter.signal, watch);
    } finally {
      clearTimeout(idle);
      stopped.signal.removeEventListener('abort', onStop);
    }
  }

  async function read(
    token: string,
    signal: AbortSignal,
    alive: () => void,
  ): Promise<StreamOutcome> {
    let response: Response;
    try {
      response = await doFetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal,
        cache: 'no-store',
        credentials: 'same-origin',
      });
    } catch {
      return { kind: 'network' };
    }
    if (response.status === 401) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'unauthorized' };
    }
    if (response.status !== 200 || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'status', status: response.status, retryAfterSeconds: retryAfter(response) };
    }
    const openedAt = now();
    const parser = createSseParser((event) => {
      if (event.event !== 'balance') return;
      const update = readBalanceUpdate(event.data);
      if (update && !stopped.signal.aborted) options.onBalance(update);
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    // fetch's abort errors the body too; cancelling makes sure a pending read returns.
    const onAbort = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        alive();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      return { kind: 'network' };
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    // Cut by the idle watchdog (or stop()): a dead connection, not a stream the server ended.
    if (signal.aborted) return { kind: 'network' };
    return { kind: 'ended', openMs: now() - openedAt };
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped.signal.aborted) {
      const token = options.getToken();
      if (!token) return;
      const outcome = await attempt(token);
      if (stopped.signal.aborted) return;
      const step = nextStep(outcome, failures, options.random);
      failures = isFailure(outcome) ? failures + 1 : 0;
      if (step.action === 'stop') return;
      if (step.action === 'refresh') {
        try {
          await options.renewToken(token);
        } catch {
          // Refused: the app ends the session (and stops this); unreachable: wait and retry.
          await sleep(nextBackoff(failures), stopped.signal);
        }
        continue;
      }
      await sleep(step.delayMs, stopped.signal);
    }
  }

  function nextBackoff(failures: number): number {
    const step = nextStep({ kind: 'network' }, failures, options.random);
    return step.action === 'reconnect' ? step.delayMs : 1000;
  }

  void run();
  return () => stopped.abort();
}
