// deploy/compose.yaml's topology without containers: instances of the built server on one
// PostgreSQL and one Redis, sharing one DATA_DIR and the same secrets, behind the local
// balancer (balancer.ts). Used by `npm run cluster` (scripts/cluster.ts) and its test.
import { spawn, type ChildProcess } from 'node:child_process';
import { serverPackageRoot } from '../../src/lib/package-root';
import { freePort } from '../bench-support';
import { startBalancer, type Balancer } from './balancer';

export interface ClusterOptions {
  /** The built server (dist/server.js). */
  bundle: string;
  databaseUrl: string;
  redisUrl: string;
  /** One folder for all, as the compose file's volume. */
  dataDir: string;
  /** Everything else every instance gets: NODE_ENV, secrets, LOG_LEVEL … */
  env: Record<string, string>;
  instances?: number;
  /** The balancer's port (0: any free one). */
  port?: number;
  checkIntervalMs?: number;
  /** Each line an instance prints, with its name. */
  onLine?: (instance: string, line: string) => void;
}

export interface Instance {
  name: string;
  port: number;
  /** Starts it (again) and resolves once it answers ready. */
  start(): Promise<void>;
  /** Sends the signal and resolves with the exit code once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface Cluster {
  balancer: Balancer;
  instances: Instance[];
  /** Resolves once the balancer has every instance in rotation again. */
  allUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, test: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(100);
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const count = options.instances ?? 2;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());
  const names = ports.map((_, i) => `o${i + 1}`);
  const balancer = await startBalancer({
    backends: names.map((name, i) => ({ name, port: ports[i]! })),
    port: options.port ?? 0,
    ...(options.checkIntervalMs ? { checkIntervalMs: options.checkIntervalMs } : {}),
  });

  const instance = (name: string, port: number): Instance => {
    let child: ChildProcess | undefined;
    let exited: Promise<number | null> = Promise.resolve(null);
    const ready = () =>
      fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
        (res) => res.status === 200,
        () => false,
      );
    return {
      name,
      port,
      async start() {
        const proc = spawn(process.execPath, ['--enable-source-maps', options.bundle], {
          cwd: serverPackageRoot,
          env: {
            PATH: process.env.PATH ?? '',
            LOG_LEVEL: 'info',
            SHUTDOWN_TIMEOUT_MS: '10000',
            ...options.env,
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: options.dataDir,
            DATABASE_URL: options.databaseUrl,
            REDIS_URL: options.redisUrl,
            TRUST_PROXY: 'true',
            PUBLIC_URL: balancer.url,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child = proc;
        exited = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
        for (const stream of [proc.stdout, proc.stderr]) {
          let rest = '';
          stream.on('data', (chunk: Buffer) => {
            const lines = (rest + chunk.toString()).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) options.onLine?.(name, line);
          });
        }
        await waitFor(
          `${name} ready`,
          async () => {
            if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}`);
            return ready();
          },
          120_000,
        );
      },
      async stop(signal = 'SIGTERM') {
        if (child && child.exitCode === null) child.kill(signal);
        return exited;
      },
    };
  };
  const instances = names.map((name, i) => instance(name, ports[i]!));
  const stopAll = async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await balancer.close();
  };
  try {
    // As compose's depends_on: the first migrates and writes what DATA_DIR holds, then the rest.
    for (const each of instances) await each.start();
    const cluster: Cluster = {
      balancer,
      instances,
      allUp: (timeoutMs = 30_000) =>
        waitFor('all instances in rotation', () => balancer.up().length === count, timeoutMs),
      stop: stopAll,
    };
    await cluster.allUp();
    return cluster;
  } catch (error) {
    await stopAll();
    throw error;
  }
}
