import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the bench's own (initdb in a temporary folder, on a free port), so
 * that it can really be restarted without touching the machine's shared server, which other
 * tests use. The binaries come from PG_BIN or the newest /usr/lib/postgresql/<version>/bin.
 * initdb refuses to run as root: as root, every command runs as the `postgres` user (runuser).
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, local only). */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut; resolves once it accepts again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export function postgresBinaries(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const pgRun = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);
  const dir = await mkdtemp(join(tmpdir(), 'casino-faults-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  await chmod(dir, 0o700);
  const data = join(dir, 'data');
  const port = await freePort();
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c max_connections=200',
  ].join(' ');
  const ctl = (action: string, extra: string[] = []) =>
    pgRun('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', ...extra, action]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await ctl('restart', ['-m', 'fast']);
    },
    stop: async () => {
      await ctl('stop', ['-m', 'immediate']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
