// What the web benches share: the system Chromium, a free port, and the production server
// (node apps/server/dist/server.js) on a temporary DATA_DIR serving the built web app.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';

export const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const rootDir = resolve(webDir, '..', '..');
export const distDir = join(webDir, 'dist');
export const assetsDir = join(distDir, 'assets');
const serverEntry = join(rootDir, 'apps', 'server', 'dist', 'server.js');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds the web app (unless `reuse` and a build exists) and, when missing, the server. */
export function ensureBuilt(reuse) {
  if (!reuse || !existsSync(join(distDir, 'index.html'))) {
    console.log('Building the web app…');
    run('npm', ['run', 'build', '-w', 'apps/web'], rootDir);
  }
  if (!existsSync(serverEntry)) {
    console.log('Building the server…');
    run('npm', ['run', 'build', '-w', 'apps/server'], rootDir);
  }
}

export function chromiumPath() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter(Boolean);
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error('No Chromium found: install it or set CHROMIUM_PATH.');
  return found;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(baseUrl, child, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The server did not answer /api/health in time');
}

/**
 * Starts the production server on a free port (or BENCH_PORT) with a fresh data folder.
 * Returns its base URL and a stop function that also removes the folder.
 */
export async function startServer({ entry = serverEntry, dist = distDir } = {}) {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'web-bench-'));
  const server = spawn(process.execPath, [entry], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: dist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}

/** The system Chromium, headless, for Lighthouse (no background connections: no network). */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
