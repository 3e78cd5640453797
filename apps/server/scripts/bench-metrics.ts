// `npm run bench:metrics -w apps/server` (part of `npm run bench`): what the Prometheus metrics
// (issue 31, features/metrics) cost per provider callback, in CPU time, beside the CPU a
// callback costs in all (the wallet benchmark's server + PostgreSQL CPU per call).
//
// Why not two wallet benchmark runs: issue 31 asks for "under 3 %", and rates of runs on this
// shared two-core machine move by 10 % or more between runs of the same code (decision 088).
// CPU time per request, measured by the process itself over many requests, is steadier.
//
// Two child processes of this script take turns (block after block, so drift weighs on both):
// each runs a Fastify app with a Pragmatic-shaped callback route (`POST
// /api/pragmatic/wallet/bet.html`, a JSON answer like the wallet's), one with the metrics feature
// registered exactly as app.ts does (createMetrics: the default process metrics with the event
// loop monitor and GC observer, the request hooks, one posting observation per callback) and
// one without, and answers `app.inject` requests. Each block prints the process's user + system
// CPU per request. Prints the medians and the difference; asserts nothing.
//
//   BENCH_METRICS_BLOCKS (12) per side, BENCH_METRICS_REQUESTS (4000) per block.
//   BENCH_CALLBACK_CPU_MS (0.37): the CPU a callback costs in all (server + PostgreSQL), to
//   give the difference as a share; the default is the wallet benchmark's cheapest HTTP row on
//   the idle machine, one hot player at 10 connections (server 0.14 + PostgreSQL 0.23 ms per
//   call, 2026-11-27 after decision 097); a spread player's callback costs 0.61–0.73 ms.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { pino } from 'pino';
import { createMetrics, metricsFeature } from '../src/features/metrics';

const role = process.argv[2];

/** One side: answers blocks of injected callbacks, printing CPU µs per request per block. */
async function side(withMetrics: boolean, requests: number) {
  const app = Fastify({ logger: false });
  const metrics = withMetrics ? createMetrics({}) : undefined;
  if (metrics) {
    await app.register(metricsFeature, {
      metrics,
      logger: pino({ level: 'silent' }),
      token: 'bench-metrics-token-0123456789abcdef',
      host: '127.0.0.1',
    });
  }
  app.post('/api/pragmatic/wallet/bet.html', () => {
    // The ledger's observer (app.ts: postingObserver), once per posting.
    metrics?.posting({ kind: 'bet', outcome: 'applied', reason: '' });
    return {
      transactionId: 123456789,
      currency: 'USD',
      cash: 99.0,
      bonus: 0,
      usedPromo: 0,
      error: 0,
      description: 'Success',
    };
  });
  await app.ready();
  const payload = { hash: '0123456789abcdef0123456789abcdef', providerId: 'pragmaticplay' };
  const send = () =>
    app.inject({
      method: 'POST',
      url: '/api/pragmatic/wallet/bet.html',
      payload,
    });
  for (let i = 0; i < 2000; i++) await send(); // warm-up: JIT, caches
  const before = process.cpuUsage();
  for (let i = 0; i < requests; i++) await send();
  const used = process.cpuUsage(before);
  process.stdout.write(`${((used.user + used.system) / requests).toFixed(2)}\n`);
  await app.close();
}

if (role === 'on' || role === 'off') {
  await side(role === 'on', Number(process.argv[3]));
} else {
  const blocks = Number(process.env.BENCH_METRICS_BLOCKS ?? 12);
  const requests = Number(process.env.BENCH_METRICS_REQUESTS ?? 4000);
  const callbackCpuMs = Number(process.env.BENCH_CALLBACK_CPU_MS ?? 0.37);
  const self = fileURLToPath(import.meta.url);
  const run = (which: 'on' | 'off') =>
    Number(
      execFileSync(process.execPath, [...process.execArgv, self, which, String(requests)], {
        encoding: 'utf8',
      }).trim(),
    );
  const on: number[] = [];
  const off: number[] = [];
  for (let b = 0; b < blocks; b++) {
    // Alternate which side goes first, so neither always follows the other.
    if (b % 2 === 0) {
      off.push(run('off'));
      on.push(run('on'));
    } else {
      on.push(run('on'));
      off.push(run('off'));
    }
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(s.length / 2);
    return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  };
  const pairs = on.map((v, i) => v - off[i]!);
  const extra = median(pairs);
  process.stdout.write(
    [
      `Metrics' CPU per provider callback (Fastify inject, ${blocks} blocks of ${requests} per side, alternating):`,
      `  off: median ${median(off).toFixed(2)} µs/request (${off.map((v) => v.toFixed(1)).join(', ')})`,
      `  on:  median ${median(on).toFixed(2)} µs/request (${on.map((v) => v.toFixed(1)).join(', ')})`,
      `  on − off, median of the blocks' pairs: ${extra.toFixed(2)} µs per callback`,
      `  = ${((extra / (callbackCpuMs * 1000)) * 100).toFixed(2)} % of a callback's ${callbackCpuMs} ms of CPU (server + PostgreSQL, BENCH_CALLBACK_CPU_MS); issue 31's limit: 3 %`,
      '',
    ].join('\n'),
  );
}
