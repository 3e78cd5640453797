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
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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
await copyFile(bundle, bareBundle);
await copyFile(join(serverPackageRoot, 'dist/server.js.map'), `${bareBundle}.map`);

const scratch = await mkdtemp(join(tmpdir(), 'casino-bench-startup-'));
const webDist = join(scratch, 'web');
await mkdir(webDist);
await writeFile(join(webDist, 'index.html'), '<!doctype html><title>bench</title>');

/** Milliseconds from spawn to the first 200 of /api/health/ready, then SIGTERM. */
async function startToReady(script: string, dataDir: string): Promise<number> {
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
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) return performance.now() - began;
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
const results: Record<string, number[]> = { new: [], existing: [], 'new, no image': [] };
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
process.stdout.write(`Start to ready, built server, embedded database (${runs} runs):\n`);
for (const [name, values] of Object.entries(results)) {
  const shown = values.map((v) => Math.round(v)).join(', ');
  process.stdout.write(
    `  ${name.padEnd(14)} median ${Math.round(median(values))} ms  (${shown})\n`,
  );
}
