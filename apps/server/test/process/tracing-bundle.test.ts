import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnServer } from '../helpers/spawn-server';

/**
 * Tracing in the production bundle (decision 079): off, server.js imports nothing of
 * OpenTelemetry (the SDK is a bundle of its own, loaded only when on); on, the built server
 * sends its spans as OTLP/HTTP JSON to OTEL_EXPORTER_OTLP_ENDPOINT, here a fake collector,
 * and flushes them when it stops.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
interface OtlpExport {
  resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
}

describe('tracing in the bundle', () => {
  const bundle = inject('serverBundle');
  let collector: Server;
  let endpoint: string;
  const received: { path: string; body: OtlpExport }[] = [];
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'casino-tracing-bundle-'));
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', body: JSON.parse(body) as OtlpExport });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    collector.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('server.js loads no OpenTelemetry module; the SDK is beside it', async () => {
    // server.js is the small entry that imports the server's bundle, server-main.js
    // (decision 096); neither imports OpenTelemetry, and the main one loads the SDK on demand.
    const entry = await readFile(bundle, 'utf8');
    expect(entry).toContain('import("./server-main.js")');
    const text = await readFile(join(dirname(bundle), 'server-main.js'), 'utf8');
    for (const code of [entry, text])
      expect(code).not.toMatch(/^import .* from "@opentelemetry\//m);
    expect(text).toContain('import("./tracing-sdk.js")');
    const sdk = await readFile(join(dirname(bundle), 'tracing-sdk.js'), 'utf8');
    expect(sdk).toMatch(/from "@opentelemetry\/sdk-trace"/);
  });

  it('sends a request and its database spans to the collector, one trace', async () => {
    const server = spawnServer([bundle], {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      PROVIDERS: 'off',
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    });
    const base = await server.listening;
    const traceId = 'a1'.repeat(16);
    const res = await fetch(`${base}/api/total/games?limit=1`, {
      headers: { traceparent: `00-${traceId}-${'b2'.repeat(8)}-01` },
    });
    expect(res.status).toBe(200);
    server.stop('SIGTERM');
    const exit = await server.exited;
    expect(exit.code, exit.stderr).toBe(0);
    // The request's log lines carry the trace id.
    expect(exit.stdout).toMatch(new RegExp(`"traceId":"${traceId}".*"msg":"request completed"`));

    expect(received.map((r) => r.path)).toContain('/v1/traces');
    const spans = received.flatMap((r) =>
      r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)),
    );
    const request = spans.find((s) => s.name === 'GET /api/total/games');
    expect(request?.traceId).toBe(traceId);
    const queries = spans.filter((s) => s.parentSpanId === request!.spanId);
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query.traceId).toBe(traceId);
  }, 120_000);
});
