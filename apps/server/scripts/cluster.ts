// `npm run cluster`: the topology of deploy/compose.yaml on this machine, without containers:
// two instances of the built server (dist/server.js, built first if missing) on one
// PostgreSQL and one Redis, behind a local balancer (scripts/cluster/balancer.ts, the twin of
// deploy/haproxy.cfg). Ctrl-C stops everything (SIGTERM to each instance: they drain).
//
//   CLUSTER_DATABASE_URL   default postgres://postgres@127.0.0.1:5432/test
//   CLUSTER_REDIS_URL      default redis://127.0.0.1:6379
//   CLUSTER_PORT           the balancer's port, default 8080 (as compose's)
//   CLUSTER_DATA_DIR       the instances' shared DATA_DIR, default apps/server/.cluster/data;
//                          the generated secrets are kept in .cluster/secrets.json beside it,
//                          so sessions outlive a restart of the command
//   CLUSTER_NODE_ENV       default production (needs the web apps built: npm run build)
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { serverPackageRoot } from '../src/lib/package-root';
import { startCluster } from './cluster/cluster';

const env = process.env;
const bundle = join(serverPackageRoot, 'dist/server.js');
if (!existsSync(bundle)) {
  execFileSync(process.execPath, ['build.mjs'], { cwd: serverPackageRoot, stdio: 'inherit' });
}
const dataDir = resolve(env.CLUSTER_DATA_DIR ?? join(serverPackageRoot, '.cluster/data'));
await mkdir(dataDir, { recursive: true });

/** What every instance must share (docs/operations.md), generated once and kept. */
const secretNames = [
  'JWT_SECRET',
  'OTP_SECRET',
  'OPERATOR_API_TOKEN',
  'ENDORPHINA_SALT',
  'PRAGMATIC_SECRET_KEY',
  'GBGAMES_SECRET',
];
const secretsFile = join(dirname(dataDir), 'secrets.json');
const secrets = existsSync(secretsFile)
  ? (JSON.parse(await readFile(secretsFile, 'utf8')) as Record<string, string>)
  : Object.fromEntries(secretNames.map((name) => [name, randomBytes(32).toString('base64url')]));
await writeFile(secretsFile, JSON.stringify(secrets, null, 2), { mode: 0o600 });

const cluster = await startCluster({
  bundle,
  databaseUrl: env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redisUrl: env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379',
  dataDir,
  port: Number(env.CLUSTER_PORT ?? 8080),
  env: {
    NODE_ENV: env.CLUSTER_NODE_ENV ?? 'production',
    ENDORPHINA_NODE_ID: 'orbita-node',
    PRAGMATIC_SECURE_LOGIN: 'orbita',
    ...secrets,
  },
  onLine: (name, line) => process.stdout.write(`${name} ${line}\n`),
});
process.stdout.write(
  `cluster: ${cluster.balancer.url} -> ${cluster.instances
    .map((i) => `${i.name} 127.0.0.1:${i.port}`)
    .join(', ')}\n`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void cluster.stop().then(() => process.exit(0));
  });
}
