import {
  ErrorCode,
  walletBalanceEventName,
  walletStreamsPerPlayer,
  type WalletBalanceEvent,
} from '@casino/contracts';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { decodeJwt } from 'jose';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createInProcessSharedState } from '../../lib/shared-state/in-process-shared-state';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { bearerToken, requirePlayer } from '../auth';
import type { Ledger } from './ledger';
import { formatMoney } from './money';
import type { BalanceChanged } from './wallet-events';

export interface BalanceStreamOptions {
  ledger: Ledger;
  clock: Clock;
  /** Comment lines that keep proxies from closing an idle stream; default 25 s. */
  heartbeatMs?: number;
  /** Open streams one player may hold; default walletStreamsPerPlayer (5). */
  maxPerPlayer?: number;
  /**
   * Where the cap is counted: the app's shared state, so that with REDIS_URL the five
   * streams are five over every instance (decision 054). Default: this process alone.
   */
  shared?: Pick<SharedState, 'acquireLease' | 'releaseLease'>;
}

/** A lease outlives its stream's token by this much at most if an instance dies holding it. */
const leaseMarginMs = 5_000;

/** A client that stops reading: past this many unsent bytes its stream is dropped. */
const maxBufferedBytes = 64 * 1024;
/** setTimeout's limit; an access token lives 15 minutes at most anyway. */
const maxTimerMs = 2_147_483_647;

/** One SSE frame. `data` never holds a newline (JSON.stringify escapes them). */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function balanceEvent(balance: bigint, currency: string, bonus: bigint): WalletBalanceEvent {
  return {
    balance: formatMoney(balance),
    currency,
    cash: formatMoney(balance - bonus),
    bonus: formatMoney(bonus),
  };
}

/**
 * GET /wallet/stream: the signed-in player's balance as server-sent events. The first event
 * is the balance now; then one per committed change (app.wallet.events, in-process: see
 * docs/decisions/031-live-balance.md), a comment every ~25 s, and the stream ends when the
 * access token that opened it expires (the client reconnects with a fresh one) or when the
 * server shuts down. Bearer authentication, so browsers read it with fetch, not EventSource.
 */
export const balanceStreamRoutes: FastifyPluginAsync<BalanceStreamOptions> = (app, options) => {
  const { ledger, clock } = options;
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  const maxPerPlayer = options.maxPerPlayer ?? walletStreamsPerPlayer;
  const shared = options.shared ?? createInProcessSharedState(clock);
  /** Every open stream's closer, by player: the cap and the shutdown both use it. */
  const open = new Map<string, Set<() => void>>();
  let closing = false;

  // Before the listener closes: server.close() waits for every open connection, and a stream
  // never ends by itself, so a shutdown that left them open would hang. On SIGTERM that is
  // at once (app.lifecycle): the client reconnects (`retry:`) to another instance.
  const closeAll = () => {
    closing = true;
    for (const streams of open.values()) for (const end of [...streams]) end();
  };
  if (app.hasDecorator('lifecycle')) app.lifecycle.onShutdown(closeAll);
  app.addHook('preClose', (done) => {
    closeAll();
    done();
  });

  app.get(
    '/wallet/stream',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: "The player's balance, live (server-sent events)",
        description:
          '`text/event-stream`: a `balance` event (`{"balance":"12.50","currency":"USD"}`) ' +
          'at once, then one per change; `: ping` comments every 25 s. Ends when the access ' +
          'token expires: reconnect with a fresh one. At most ' +
          `${walletStreamsPerPlayer} streams per player (429 beyond).`,
        security: [{ bearerAuth: [] }],
      },
    },
    async (request, reply) => {
      const player = requirePlayer(request);
      if (closing) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Shutting down.');
      const streams = open.get(player.id) ?? new Set<() => void>();
      // app.authenticate verified the token; only its expiry is read here.
      const token = bearerToken(request.headers.authorization);
      const expiresAt = token === undefined ? undefined : decodeJwt(token).exp;
      const ttlMs =
        expiresAt === undefined
          ? 0
          : Math.min(maxTimerMs, expiresAt * 1000 - clock.now().getTime());
      if (ttlMs <= 0) throw new AppError(401, ErrorCode.UNAUTHORIZED, 'Sign in to continue.');

      // One lease per open stream, over every instance; it ends with the stream, or by itself
      // when the token would have ended it (an instance that died holding it).
      const leaseKey = `wallet-streams:${player.id}`;
      const leaseId = randomUUID();
      let leased: boolean;
      try {
        leased = await shared.acquireLease(leaseKey, leaseId, maxPerPlayer, ttlMs + leaseMarginMs);
      } catch (error) {
        // The shared state is out of reach: this instance's own count still caps it.
        request.log.warn({ err: error }, 'balance stream lease not taken; counting locally');
        leased = streams.size < maxPerPlayer;
      }
      if (!leased) {
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          'Too many live balance streams are open for this player.',
          undefined,
          30,
        );
      }
      const releaseLease = () => {
        shared.releaseLease(leaseKey, leaseId).catch((error: unknown) => {
          request.log.warn({ err: error }, 'balance stream lease not released');
        });
      };

      // Events that arrive while the first balance is read wait for it, then follow in order;
      // the newest ledger row wins, so a late event never undoes a newer balance.
      let lastEntryId = -1n;
      let pending: BalanceChanged[] | undefined = [];
      const res = reply.raw;
      let ended = false;
      let hijacked = false;
      const timers: { heartbeat?: NodeJS.Timeout; expiry?: NodeJS.Timeout } = {};

      const write = (chunk: string) => {
        if (ended) return;
        res.write(chunk);
        if (res.writableLength > maxBufferedBytes) end();
      };
      const send = (event: BalanceChanged) => {
        const id = BigInt(event.entry.id);
        if (id <= lastEntryId) return;
        lastEntryId = id;
        write(
          sseFrame(
            walletBalanceEventName,
            balanceEvent(event.balance, event.currency, event.entry.bonusAfter),
          ),
        );
      };
      const unsubscribe = ledger.events.onPlayerBalanceChanged(player.id, (event) => {
        if (ended) return;
        if (pending) pending.push(event);
        else send(event);
      });
      /** Stops everything; ends the response only once it is ours (hijacked). */
      const end = () => {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearInterval(timers.heartbeat);
        clearTimeout(timers.expiry);
        streams.delete(end);
        if (streams.size === 0) open.delete(player.id);
        releaseLease();
        if (hijacked && !res.writableEnded) res.end();
      };
      streams.add(end);
      open.set(player.id, streams);
      // The response's close: the client went away (or the socket died). Not the request's,
      // which some Node versions emit as soon as a body-less request has been read.
      res.once('close', end);
      res.once('error', end);

      let first;
      try {
        first = await ledger.getBalanceSnapshot(player.id);
      } catch (error) {
        end();
        throw error;
      }

      // From here on the reply is ours: Fastify sends nothing more (and compresses nothing).
      reply.hijack();
      hijacked = true;
      // Closed meanwhile (the client left, or the server is shutting down): nothing to send.
      if (ended) {
        if (!res.writableEnded) res.end();
        return reply;
      }
      res.writeHead(200, {
        ...headersOf(reply),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies such as nginx would otherwise buffer the events.
        'x-accel-buffering': 'no',
        // A stream's socket is never reused: ending the stream (token expiry, shutdown) then
        // closes it at once instead of leaving a kept-alive socket for close() to wait on.
        connection: 'close',
      });
      write(`retry: 3000\n`);
      write(
        sseFrame(walletBalanceEventName, balanceEvent(first.balance, first.currency, first.bonus)),
      );
      // A notice of a row the first balance already holds (another instance's NOTIFY arrives
      // a little later than the row's commit) would show an older balance again: dropped.
      if (first.lastEntryId !== null && first.lastEntryId > lastEntryId) {
        lastEntryId = first.lastEntryId;
      }
      const queued = pending;
      pending = undefined;
      for (const event of queued) send(event);

      timers.heartbeat = setInterval(() => write(': ping\n\n'), heartbeatMs).unref();
      timers.expiry = setTimeout(end, ttlMs).unref();
      return reply;
    },
  );
  return Promise.resolve();
};

/** The headers hooks already set (the request id), as writeHead takes them. */
function headersOf(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}
