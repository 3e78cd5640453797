import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverPackageRoot } from '../src/lib/package-root';
import { startServer } from '../src/start-server';

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs src/server.ts in its own process, as `npm run dev` would (without watch). */
function runServer(env: Record<string, string>, onStdout?: (text: string) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverPackageRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    onStdout?.(stdout);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, exited };
}

describe('server entry point', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'casino-start-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops with code 1 and a message naming a bad variable, without a stack trace', async () => {
    const { exited } = runServer({ PORT: 'eighty', DATA_DIR: dataDir });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('PORT: must be a whole number (got "eighty")');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('stops with code 1 in production when the web app is not built', async () => {
    const { exited } = runServer({
      NODE_ENV: 'production',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      DATA_DIR: dataDir,
    });
    const { code, stderr } = await exited;
    expect(code).toBe(1);
    expect(stderr).toContain('npm run build');
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('starts on PGlite under DATA_DIR and exits cleanly on SIGTERM', async () => {
    let announce!: (url: string) => void;
    const listening = new Promise<string>((resolve) => {
      announce = resolve;
    });
    const { child, exited } = runServer(
      { NODE_ENV: 'test', DATA_DIR: join(dataDir, 'sigterm') },
      (stdout) => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (match?.[1]) announce(match[1]);
      },
    );
    const url = await Promise.race([
      listening,
      exited.then((exit) => {
        throw new Error(`server exited early: ${exit.stderr}`);
      }),
    ]);
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { driver: 'pglite' } });

    child.kill('SIGTERM');
    const { code, stdout } = await exited;
    expect(code).toBe(0);
    expect(stdout).toContain('"signal":"SIGTERM"');
  }, 60_000);
});

describe('startServer', () => {
  it('migrates, records the instance and listens', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'casino-start-'));
    const { app, address } = await startServer({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
    });
    try {
      const res = await fetch(`${address}/api/health`);
      expect(res.status).toBe(200);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
