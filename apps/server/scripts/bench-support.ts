// What the PostgreSQL benches share: a scratch database, free ports, and the real server run
// in a child process (so the load generator never shares its event loop).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { createServer } from 'node:net';
import pg from 'pg';
import { serverPackageRoot } from '../src/lib/package-root';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops it, connections and all. */
  drop(): Promise<void>;
}

/** A new, empty database on the server of `adminUrl` (whose user may create databases). */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const quoted = `"${name.replaceAll('"', '""')}"`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${quoted}`);
  return {
    name,
    url: url.toString(),
    drop: () => admin(`drop database if exists ${quoted} with (force)`),
  };
}

export interface BenchServer {
  child: ChildProcess;
  base: URL;
}

/**
 * The real server (`src/server.ts` under tsx) on PostgreSQL, on a free port, with external
 * providers pointing at a closed port (the catalog sync fails and keeps what was seeded) and
 * fresh secrets; `env` adds or overrides variables. Resolves once /api/health answers 200.
 */
export async function startBenchServer(options: {
  /** Undefined: the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<BenchServer> {
  const port = await freePort();
  const closed = `http://127.0.0.1:${await freePort()}`;
  const secret = () => randomBytes(32).toString('base64url');
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server.ts'],
    {
      cwd: serverPackageRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: options.dataDir,
        ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
        JWT_SECRET: secret(),
        OTP_SECRET: secret(),
        PROVIDERS: 'external',
        ENDORPHINA_URL: closed,
        ENDORPHINA_NODE_ID: 'bench',
        ENDORPHINA_SALT: secret(),
        PRAGMATIC_API_URL: closed,
        PRAGMATIC_SECURE_LOGIN: 'bench',
        PRAGMATIC_SECRET_KEY: secret(),
        GBGAMES_URL: closed,
        GBGAMES_SECRET: secret(),
        CATALOG_SYNC_INTERVAL_MINUTES: '0',
        ...options.env,
      },
    },
  );
  const base = new URL(`http://127.0.0.1:${port}`);
  const probe = new http.Agent({ keepAlive: false });
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      http
        .get({ host: base.hostname, port: base.port, path: '/api/health', agent: probe }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode === 200));
        })
        .on('error', () => resolve(false));
    });
    if (up) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer within a minute');
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A quantile picker over latencies (sorted here, in place): `q(0.99)` is the p99, 0 if none. */
export function quantiles(latencies: number[]): (q: number) => number {
  latencies.sort((a, b) => a - b);
  return (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
}
