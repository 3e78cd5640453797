// Start to ready of the built server (dist/server.js) on the embedded database (issue 31's
// target: under 2 s for a new, empty one). Each run spawns `node dist/server.js` in
// production mode and polls GET /api/health/ready until it answers 200:
// - new: an empty DATA_DIR (the database starts from the migrated image beside the bundle);
// - existing: the same DATA_DIR again (nothing new to migrate);
// - new, no image: the same bundle copied where no image lies (every migration applied one
//   by one, as before issue 31), for comparison.
//
//   npm run bench:startup -w apps/server   (runs `npm run build -w apps/server` first if needed)
//   BENCH_STARTUP_RUNS=5 (default 3)
//
// Each row also gives the CPU time the server process had used when it first answered ready
// (user + system, from /proc on Linux): on a shared, busy machine the wall time mostly
// measures the queue for a core, and the CPU time is what the start itself costs (about the
// wall time on an idle machine: the start is single-threaded). The load average is printed.
// Below each row, the split of the median start from the server's own `start-up timings`
// log line (decision 093): modules (loading the bundle, before start-up begins), config,
// database (open: the image written into a new folder, PGlite started; then migrate), app (instance
// identity, buildApp), catalog (the first sync, awaited only on an empty catalog) and listen;
// each as wall / CPU milliseconds.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageFile } from '../src/db/pglite-image';
import { serverPackageRoot } from '../src/lib/package-root';
import { freePort } from './bench-support';

const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const bundle = join(serverPackageRoot, 'dist/server.js');
if (!existsSync(bundle) || !existsSync(join(serverPackageRoot, 'dist', imageFile))) {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverPackageRoot, stdio: 'inherit' });
}
// The same bundle without an image beside it (inside the package: it finds drizzle/ from there).
const bareDir = join(serverPackageRoot, '.bench-dist');
await mkdir(bareDir, { recursive: true });
const bareBundle = join(bareDir, 'server.js');
// The entry and the server it imports (decision 096); no image, so no image writer either.
for (const file of ['server.js', 'server-main.js']) {
  await copyFile(join(serverPackageRoot, 'dist', file), join(bareDir, file));
  await copyFile(join(serverPackageRoot, 'dist', `${file}.map`), join(bareDir, `${file}.map`));
}

const scratch = await mkdtemp(join(tmpdir(), 'casino-bench-startup-'));
const webDist = join(scratch, 'web');
await mkdir(webDist);
await writeFile(join(webDist, 'index.html'), '<!doctype html><title>bench</title>');

/** User + system CPU milliseconds a process has used (Linux /proc), or NaN elsewhere. */
async function cpuMsOf(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th,
  // in clock ticks (100 a second on Linux).
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (!fields) return NaN;
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Start {
  wallMs: number;
  cpuMs: number;
  /** The server's `start-up timings` log line: wall and CPU ms of each step. */
  split?: { startup: Record<string, number>; startupCpu: Record<string, number> };
}

/** Milliseconds from spawn to the first 200 of /api/health/ready (and CPU used), then SIGTERM. */
async function startToReady(script: string, dataDir: string): Promise<Start> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', script], {
    cwd: serverPackageRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      // info, for the `start-up timings` line (probes are not logged, app.ts).
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let split: Start['split'];
  let pending = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"start-up timings"')) continue;
      split = JSON.parse(line) as NonNullable<Start['split']>;
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) {
        const wallMs = performance.now() - began;
        const cpuMs = await cpuMsOf(child.pid);
        // The timings line is written before listen() returns, so it is in by now or next tick.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { wallMs, cpuMs, ...(split ? { split } : {}) };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const results: Record<string, Start[]> = { new: [], existing: [], 'new, no image': [] };
const loadBefore = loadavg()[0]!;
try {
  for (let i = 0; i < runs; i++) {
    const dataDir = join(scratch, `data-${i}`);
    results.new!.push(await startToReady(bundle, dataDir));
    results.existing!.push(await startToReady(bundle, dataDir));
    results['new, no image']!.push(await startToReady(bareBundle, join(scratch, `bare-${i}`)));
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
  await rm(bareDir, { recursive: true, force: true });
}
const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`;
process.stdout.write(`Start to ready, built server, embedded database (${runs} runs, ${load}):\n`);
for (const [name, starts] of Object.entries(results)) {
  const wall = starts.map((s) => s.wallMs);
  const cpu = starts.map((s) => s.cpuMs);
  const shown = (values: number[]) => values.map((v) => Math.round(v)).join(', ');
  process.stdout.write(
    `  ${name.padEnd(14)} wall median ${Math.round(median(wall))} ms (${shown(wall)}); ` +
      `CPU median ${Math.round(median(cpu))} ms (${shown(cpu)})\n`,
  );
  const middle = [...starts].sort((a, b) => a.wallMs - b.wallMs)[Math.floor(starts.length / 2)];
  if (middle?.split) process.stdout.write(`  ${''.padEnd(14)} ${splitText(middle.split)}\n`);
}

/** "modules 612/540, database 380/350, …" (wall/CPU ms) from a start-up timings line. */
function splitText({ startup, startupCpu }: NonNullable<Start['split']>): string {
  const steps: [string, string[]][] = [
    ['config', ['configMs']],
    ['database', ['migrateMs']],
    ['app', ['identityMs', 'buildAppMs']],
    ['catalog', ['catalogMs']],
    ['listen', ['listenMs']],
  ];
  const sum = (of: Record<string, number>, keys: string[]) =>
    keys.reduce((total, key) => total + (of[key] ?? 0), 0);
  const started = Object.keys(startup).filter(
    (k) => k !== 'sinceProcessStartMs' && k !== 'totalMs',
  );
  const modules: [number, number] = [
    (startup.sinceProcessStartMs ?? 0) - sum(startup, started),
    (startupCpu.sinceProcessStartMs ?? 0) - sum(startupCpu, started),
  ];
  return (
    [
      `modules ${modules.map(Math.round).join('/')}`,
      ...steps.map(([name, keys]) => `${name} ${sum(startup, keys)}/${sum(startupCpu, keys)}`),
    ].join(', ') + ' (wall/CPU ms)'
  );
}
