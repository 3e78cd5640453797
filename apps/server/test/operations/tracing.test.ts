import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import { pragmaticWalletPrefix } from '../../src/features/providers/pragmatic/wallet-routes';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { startTracing, type Tracing } from '../../src/lib/tracing/tracing';
import { createTracing } from '../../src/lib/tracing/tracing-sdk';
import { catalogEntry, createTestPlayer, seedGames } from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { testSecrets } from '../helpers/test-app';
import { createTestDb, type TestDatabase } from '../helpers/test-database';

/**
 * Issue 31's tracing, with the spans kept in memory instead of sent to a collector: one
 * Pragmatic bet (bet.html over real HTTP) is one trace holding the request's server span and
 * its database spans, an incoming W3C traceparent is continued, the request's log lines carry
 * the trace id, and outgoing fetch and Redis calls are spans of the trace they run in.
 */

const secretKey = randomBytes(16).toString('hex');
const exporter = new InMemorySpanExporter();
const logLines: Record<string, unknown>[] = [];
let tracing: Tracing;
let database: TestDatabase;
let app: FastifyInstance;
let base: string;
let dataDir: string;
let game: string;
let gameId: string;

beforeAll(async () => {
  tracing = createTracing({ serviceName: 'orbita-test', version: 'test', exporter });
  dataDir = await mkdtemp(join(tmpdir(), 'casino-tracing-'));
  const config = loadConfig({
    ...testSecrets,
    NODE_ENV: 'test',
    // Debug: "incoming request" too (an info line per request only says it completed).
    LOG_LEVEL: 'debug',
    DATA_DIR: dataDir,
    PROVIDERS: 'off',
    PRAGMATIC_MODE: 'external',
    PRAGMATIC_API_URL: 'http://127.0.0.1:9',
    PRAGMATIC_SECURE_LOGIN: 'tracing',
    PRAGMATIC_SECRET_KEY: secretKey,
  });
  database = await createTestDb();
  // As openDatabase does for the server's own connection (db/open-database.ts).
  const client = (database.db as unknown as { $client: never }).$client;
  if (database.db.driver === 'postgres') tracing.tracePgPool(client);
  else tracing.tracePglite(client);
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  app = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    mailer: createMemoryMailer(),
    logger: createLogger(config, destination, tracing.logMixin),
    tracing,
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  game = `vs20trace${randomBytes(2).toString('hex')}`;
  const ids = await seedGames(database.db, 'pragmatic', [catalogEntry({ providerGameId: game })]);
  gameId = ids.get(game)!;
}, 60_000);

afterAll(async () => {
  // Closing the app closes the database and ends tracing (the context manager goes too).
  await app?.close();
  await database?.destroy();
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => exporter.reset());

/** A funded player with a launch of the game, and one signed bet.html for them. */
async function bet(headers: Record<string, string> = {}) {
  const player = await createTestPlayer(database.db, systemClock, 10_000n);
  await recordTestLaunch(database.db, systemClock, {
    provider: 'pragmatic',
    gameId,
    userId: player.id,
    sessionId: player.sessionId,
  });
  const params = {
    providerId: 'PragmaticPlay',
    userId: player.id,
    gameId: game,
    roundId: String(Date.now()),
    amount: '1.00',
    reference: randomBytes(12).toString('hex'),
    timestamp: String(Date.now()),
    roundDetails: 'spin',
  };
  const body = new URLSearchParams({ ...params, hash: pragmaticHash(params, secretKey) });
  // Spans made before the bet (the test's own seeding) are not the request's.
  exporter.reset();
  const res = await fetch(`${base}${pragmaticWalletPrefix}/bet.html`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: body.toString(),
  });
  const answer = (await res.json()) as { error: number };
  return { status: res.status, answer, requestId: res.headers.get('x-request-id') };
}

const serverSpans = () => exporter.getFinishedSpans().filter((s) => s.kind === SpanKind.SERVER);
const databaseSpans = () =>
  exporter
    .getFinishedSpans()
    .filter((s) => s.kind === SpanKind.CLIENT && s.attributes['db.system.name'] === 'postgresql');
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('a provider bet is one trace', () => {
  it('holds the HTTP span and its database spans, and nothing else', async () => {
    const { status, answer } = await bet();
    expect(status).toBe(200);
    expect(answer.error).toBe(0);

    const [server, ...others] = serverSpans();
    expect(others).toEqual([]);
    // Named for the route's pattern (bounded), the path itself an attribute.
    expect(server!.name).toBe('POST /api/pragmatic/wallet/*');
    expect(server!.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/pragmatic/wallet/*',
      'url.path': '/api/pragmatic/wallet/bet.html',
      'http.response.status_code': 200,
    });
    const traceId = server!.spanContext().traceId;
    // A new trace: no parent came with the request.
    expect(parentOf(server!)).toBeUndefined();

    const queries = databaseSpans();
    // At least the launch's check and the posting's statements.
    expect(queries.length).toBeGreaterThanOrEqual(2);
    for (const query of queries) {
      expect(query.spanContext().traceId).toBe(traceId);
      expect(parentOf(query)).toBe(server!.spanContext().spanId);
    }
    expect(queries.some((q) => /ledger/.test(String(q.attributes['db.query.text'])))).toBe(true);
    // Every span finished meanwhile is of this trace: one bet, one trace.
    for (const span of exporter.getFinishedSpans()) {
      expect(span.spanContext().traceId).toBe(traceId);
    }
    await expectLedgerClean(database.db);
  });

  it("continues the balancer's traceparent: its trace id, under its span", async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const { answer } = await bet({ traceparent: `00-${traceId}-${parentSpanId}-01` });
    expect(answer.error).toBe(0);
    const [server] = serverSpans();
    expect(server!.spanContext().traceId).toBe(traceId);
    expect(parentOf(server!)).toBe(parentSpanId);
    expect(databaseSpans().length).toBeGreaterThanOrEqual(2);
    for (const query of databaseSpans()) expect(query.spanContext().traceId).toBe(traceId);
  });

  it("writes the trace id on every line of the request's log", async () => {
    const traceId = randomBytes(16).toString('hex');
    const { requestId } = await bet({ traceparent: `00-${traceId}-${'ab'.repeat(8)}-01` });
    const lines = logLines.filter((line) => line.requestId === requestId);
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    for (const line of lines) expect(line.traceId).toBe(traceId);
  });

  it("keeps the balance NOTIFY (many requests' notices, sent after them) out of the trace", async () => {
    const { answer } = await bet();
    expect(answer.error).toBe(0);
    await app.wallet.events.flush();
    const notices = exporter
      .getFinishedSpans()
      .filter((s) => /pg_notify/.test(String(s.attributes['db.query.text'])));
    expect(notices).toEqual([]);
  });

  it('leaves the probes untraced', async () => {
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});

describe('outgoing calls inside a trace', () => {
  it("fetch: a client span, and the callee gets the trace's traceparent", async () => {
    let seen: IncomingHttpHeaders = {};
    const callee = createServer((req, res) => {
      seen = req.headers;
      res.end('ok');
    });
    await new Promise<void>((resolve) => callee.listen(0, '127.0.0.1', resolve));
    const { port } = callee.address() as { port: number };
    try {
      const traceId = await tracing.tracer.startActiveSpan('job', async (job) => {
        await (await fetch(`http://127.0.0.1:${port}/api/v1/games?sign=secret`)).text();
        job.end();
        return job.spanContext().traceId;
      });
      const client = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT)!;
      expect(client.spanContext().traceId).toBe(traceId);
      // Without the query string: it can hold a signature.
      expect(client.attributes['url.full']).toBe(`http://127.0.0.1:${port}/api/v1/games`);
      expect(client.attributes['http.response.status_code']).toBe(200);
      expect(seen.traceparent).toBe(`00-${traceId}-${client.spanContext().spanId}-01`);
    } finally {
      callee.close();
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  it('Redis: a span per command, named for it, without its arguments', async (context) => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
    } catch {
      redis.disconnect();
      context.skip('no Redis answers at ' + redisUrl);
    }
    try {
      tracing.traceRedis(redis);
      await redis.get('outside-any-trace');
      expect(exporter.getFinishedSpans()).toEqual([]);
      await tracing.tracer.startActiveSpan('job', async (job) => {
        await redis.get(`orbita-test-${randomBytes(4).toString('hex')}`);
        job.end();
      });
      const command = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT)!;
      expect(command.name).toBe('GET');
      expect(command.attributes).toEqual({ 'db.system.name': 'redis', 'db.operation.name': 'GET' });
    } finally {
      redis.disconnect();
    }
  });
});

describe('tracing off', () => {
  it('without OTEL_EXPORTER_OTLP_ENDPOINT nothing starts', async () => {
    expect(await startTracing({ otelEndpoint: undefined, otelServiceName: 'x' }, '1')).toBe(
      undefined,
    );
  });
});
