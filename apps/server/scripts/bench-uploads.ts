// `npm run bench:uploads -w apps/server` (part of `npm run bench`): an unrelated request's
// latency while 10 identity documents upload at once (issue 25: during 10 uploads
// GET /api/games/providers took 11.4 s). On the embedded PGlite and on PostgreSQL, each in a
// server process of its own (src/server.ts under tsx), players registered over HTTP. Prints a
// table; asserts nothing. Target: the unrelated request under 50 ms throughout.
//
//   BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test):
//     where a scratch database is created and dropped; BENCH_UPLOADS (10) at once.
import { randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import {
  createScratchDatabase,
  quantiles,
  startBenchServer,
  stopBenchServer,
  type BenchServer,
} from './bench-support';

const uploads = Number(process.env.BENCH_UPLOADS ?? 10);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const targetMs = 50;

/** A 1.6 MB one-page PDF: a scanned page of noise, which does not compress. */
async function scannedPdf(): Promise<Buffer> {
  const scan = await sharp(randomBytes(760 * 700 * 3), {
    raw: { width: 760, height: 700, channels: 3 },
  })
    .png()
    .toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawImage(await doc.embedPng(scan), { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

async function json(base: URL, path: string, init: RequestInit = {}) {
  const res = await fetch(new URL(path, base), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A verified player's access token: registration, the code from the dev outbox, verify. */
async function player(base: URL, n: number): Promise<string> {
  const tag = `${Date.now().toString(36)}${n}`;
  const details = {
    username: `bench_${tag}`.slice(0, 20),
    email: `bench.${tag}@example.com`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    dateOfBirth: '1990-04-12',
    acceptTerms: true,
  };
  await json(base, '/api/auth/register', { method: 'POST', body: JSON.stringify(details) });
  const outbox = await json(base, `/api/dev/outbox?to=${encodeURIComponent(details.email)}`);
  const text = (outbox.messages as { text: string }[]).at(-1)?.text ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1];
  const verified = await json(base, '/api/auth/verify', {
    method: 'POST',
    body: JSON.stringify({ ...details, otp }),
  });
  return String(verified.access_token);
}

/**
 * The uploads run in a worker thread of their own: sending 16 MB must not hold up this
 * thread's event loop, which times the unrelated requests.
 */
function uploadAll(base: URL, tokens: string[], file: Buffer): Promise<number[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { performance } = require('node:perf_hooks');
    const { base, tokens, file } = workerData;
    Promise.all(tokens.map(async (token) => {
      const form = new FormData();
      form.append('file', new Blob([Buffer.from(file)], { type: 'application/pdf' }), 'scan.pdf');
      const started = performance.now();
      const res = await fetch(base + 'api/identity/documents/address', {
        method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form,
      });
      const body = await res.text();
      if (res.status !== 200) throw new Error('upload: ' + res.status + ' ' + body);
      return performance.now() - started;
    })).then((times) => parentPort.postMessage(times), (error) => parentPort.postMessage(String(error)));
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { base: base.href, tokens, file } });
    worker.once('message', (result: number[] | string) => {
      void worker.terminate();
      if (typeof result === 'string') reject(new Error(result));
      else resolve(result);
    });
    worker.once('error', reject);
  });
}

async function probe(base: URL): Promise<number> {
  const started = performance.now();
  const res = await fetch(new URL('/api/games/providers', base));
  await res.arrayBuffer();
  return performance.now() - started;
}

interface Stall {
  ms: number;
  runningMs: number;
  waitingMs: number;
}

/**
 * The server's event-loop stalls since the last call (bench-loop-monitor.mjs, preloaded into
 * it): the longest, and the most time the main thread spent in one stall running (our code
 * holding the loop) or asleep in a system call (our code waiting synchronously: a child
 * process's start waits for its exec), where the rest of a stall is waiting for a core (a busy
 * machine, not ours to fix).
 */
async function loopStalls(server: BenchServer, file: string) {
  await rm(file, { force: true });
  server.child.kill('SIGWINCH');
  for (let i = 0; i < 200 && !(await stat(file).catch(() => null)); i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  const stalls = JSON.parse(await readFile(file, 'utf8').catch(() => '[]')) as Stall[];
  const asleep = (stall: Stall) => Math.max(0, stall.ms - stall.runningMs - stall.waitingMs);
  const longest = stalls.reduce<Stall>((a, b) => (b.ms > a.ms ? b : a), {
    ms: 0,
    runningMs: 0,
    waitingMs: 0,
  });
  return {
    longest: { ...longest, asleepMs: asleep(longest) },
    running: Math.max(0, ...stalls.map((stall) => stall.runningMs)),
    asleep: Math.max(0, ...stalls.map(asleep)),
  };
}

/** The server process's resident memory, MB (Linux). */
async function rssMb(server: BenchServer): Promise<number> {
  const status = await readFile(`/proc/${server.child.pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function measure(label: string, server: BenchServer, file: Buffer, loopFile: string) {
  const { base } = server;
  const tokens = await Promise.all(Array.from({ length: uploads }, (_, i) => player(base, i)));
  await loopStalls(server, loopFile);
  const idle: number[] = [];
  for (let i = 0; i < 50; i++) idle.push(await probe(base));
  const idleLoop = await loopStalls(server, loopFile);
  const rssBefore = await rssMb(server);
  let rssPeak = rssBefore;

  const during: number[] = [];
  let done = false;
  const started = performance.now();
  const all = uploadAll(base, tokens, file).finally(() => {
    done = true;
  });
  while (!done) {
    during.push(await probe(base));
    rssPeak = Math.max(rssPeak, await rssMb(server));
    await new Promise((r) => setTimeout(r, 20));
  }
  const each = await all;
  const wall = performance.now() - started;
  const loop = await loopStalls(server, loopFile);
  const q = quantiles(during);
  const i = quantiles(idle);
  const u = quantiles(each);
  const fmt = (ms: number) => ms.toFixed(1).padStart(8);
  console.log(
    `${label.padEnd(10)} idle p50 ${fmt(i(0.5))} | during ${uploads} uploads: n ${String(during.length).padStart(4)}` +
      ` p50 ${fmt(q(0.5))} p99 ${fmt(q(0.99))} max ${fmt(q(1))} ms` +
      ` | uploads p50 ${fmt(u(0.5))} max ${fmt(u(1))} wall ${fmt(wall)} ms` +
      ` | RSS ${rssBefore.toFixed(0)} → peak ${rssPeak.toFixed(0)} MB` +
      ` | ${q(1) < targetMs ? 'OK' : 'OVER'} (target max < ${targetMs} ms)`,
  );
  const stall = ({ longest, running, asleep }: Awaited<ReturnType<typeof loopStalls>>) =>
    `longest stall ${fmt(longest.ms)} ms (running ${longest.runningMs.toFixed(1)},` +
    ` asleep ${longest.asleepMs.toFixed(1)}, waiting for a core ${longest.waitingMs.toFixed(1)})` +
    ` | most in one stall: running ${running.toFixed(1)}, asleep ${asleep.toFixed(1)} ms`;
  console.log(`${''.padEnd(10)} server loop idle:   ${stall(idleLoop)}`);
  console.log(`${''.padEnd(10)} server loop during: ${stall(loop)}`);
}

async function main() {
  const file = await scannedPdf();
  console.log(
    `GET /api/games/providers while ${uploads} identity documents of ${(file.length / 1e6).toFixed(2)} MB upload at once`,
  );
  for (const driver of ['pglite', 'postgres'] as const) {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-uploads-'));
    const scratch =
      driver === 'postgres' ? await createScratchDatabase(adminUrl, 'bench_uploads') : undefined;
    const loopFile = join(dataDir, 'loop-stalls.json');
    const server = await startBenchServer({
      databaseUrl: scratch?.url,
      dataDir,
      env: { REGISTRATIONS_PER_IP_HOUR: '100000', BENCH_LOOP_FILE: loopFile },
      nodeArgs: [
        '--import',
        pathToFileURL(join(import.meta.dirname, 'bench-loop-monitor.mjs')).href,
        // BENCH_PROFILE=dir writes a CPU profile of each server there (what holds the loop).
        ...(process.env.BENCH_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
          : []),
      ],
    });
    try {
      await measure(driver, server, file, loopFile);
    } finally {
      await stopBenchServer(server.child);
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
