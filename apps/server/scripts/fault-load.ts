import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { spawnServer, type SpawnedServer } from '../test/helpers/spawn-server';

/**
 * Money under faults (issue 17): a load of credits and debits (each with an idempotency key,
 * some sent again as replays) through the operator API of a real server process on
 * PostgreSQL, while the process is SIGKILLed and restarted several times. Every call is
 * retried with its key until it gets a definite answer. Afterwards every balance must equal
 * what the confirmed answers imply (nothing lost, nothing applied twice, none negative) and
 * the caller runs ledger:check. Used by `npm run bench:faults` and, shorter, by the suite.
 */
export interface FaultLoadOptions {
  databaseUrl: string;
  players: number;
  workers: number;
  kills: number;
  /** Pause between a restart and the next kill. */
  killEveryMs: number;
  log?: (line: string) => void;
}

export interface FaultLoadReport {
  postings: number;
  replays: number;
  refusals: number;
  retries: number;
  kills: number;
  /** Milliseconds from each SIGKILL to the restarted server answering /api/health. */
  recoveryMs: number[];
  /** Players whose balance differs from the confirmed answers (empty when right). */
  mismatches: string[];
  negative: number;
}

const operatorToken = `faults-${randomBytes(16).toString('hex')}`;
const serverEnv = (databaseUrl: string, dataDir: string) => ({
  NODE_ENV: 'development',
  // 'info': spawnServer waits for the "Server listening" line.
  LOG_LEVEL: 'info',
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  OPERATOR_API_TOKEN: operatorToken,
  JWT_SECRET: 'faults-jwt-secret-0123456789abcdefghijklmnop',
  OTP_SECRET: 'faults-otp-secret-0123456789abcdefghijklmnop',
});

async function createPlayers(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const name = `f_${randomBytes(5).toString('hex')}`;
      await client.query(
        `insert into users (id, username, email, password_hash, created_at, updated_at)
         values ($1, $2, $3, 'not-a-hash', now(), now())`,
        [id, name, `${name}@faults.test`],
      );
      await client.query(
        `insert into wallets (user_id, currency, created_at, updated_at) values ($1, 'USD', now(), now())`,
        [id],
      );
      names.push(name);
    }
    return names;
  } finally {
    await client.end();
  }
}

async function balancesOf(databaseUrl: string, names: string[]): Promise<Map<string, bigint>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ username: string; balance: string }>(
      `select u.username, w.balance::text as balance from users u join wallets w on w.user_id = u.id
       where u.username = any($1)`,
      [names],
    );
    return new Map(rows.map((r) => [r.username, BigInt(r.balance)]));
  } finally {
    await client.end();
  }
}

/** "12.34" / "-0.50" → thousandths. */
const thousandths = (amount: string) => BigInt(Math.round(Number(amount) * 100)) * 10n;

export async function runFaultLoad(options: FaultLoadOptions): Promise<FaultLoadReport> {
  const log = options.log ?? (() => undefined);
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-faults-'));
  let server: SpawnedServer = spawnServer(
    ['--import', 'tsx', 'src/server.ts'],
    serverEnv(options.databaseUrl, dataDir),
  );
  // Listening means migrated: the players' tables exist.
  let base = await server.listening;
  const names = await createPlayers(options.databaseUrl, options.players);
  const confirmed = new Map<string, bigint>(names.map((n) => [n, 0n]));
  const report: FaultLoadReport = {
    postings: 0,
    replays: 0,
    refusals: 0,
    retries: 0,
    kills: 0,
    recoveryMs: [],
    mismatches: [],
    negative: 0,
  };

  let stopping = false;

  /** One posting, sent until it has a definite answer (retried with the same key). */
  const post = async (user: string, amount: string, key: string) => {
    for (;;) {
      try {
        const res = await fetch(`${base}/api/operator/wallet/adjustments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ user, amount, reason: 'fault load', idempotencyKey: key }),
          signal: AbortSignal.timeout(5_000),
        });
        if (res.status === 200) return ((await res.json()) as { outcome: string }).outcome;
        if (res.status === 409) {
          const code = ((await res.json()) as { error?: { code?: string } }).error?.code;
          // Only "not enough money" is an expected refusal; a key conflict would be a bug.
          if (code === 'INSUFFICIENT_FUNDS') return 'refused';
          throw new Error(`unexpected 409 ${code}`);
        }
        if (res.status < 500) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('unexpected')) throw error;
      }
      report.retries += 1;
      await sleep(50);
    }
  };

  const worker = async () => {
    const mine: { user: string; amount: string; key: string }[] = [];
    while (!stopping) {
      const replay = mine.length > 0 && Math.random() < 0.1;
      const call = replay
        ? mine[Math.floor(Math.random() * mine.length)]!
        : {
            user: names[Math.floor(Math.random() * names.length)]!,
            // Credits a little more often than debits, so debits are sometimes refused.
            amount: `${Math.random() < 0.55 ? '' : '-'}${((1 + Math.floor(Math.random() * 5000)) / 100).toFixed(2)}`,
            key: `faults-${randomUUID()}`,
          };
      const outcome = await post(call.user, call.amount, call.key);
      if (outcome === 'refused') {
        report.refusals += 1;
        continue;
      }
      if (outcome === 'replayed') {
        report.replays += 1;
        // A key first answered 'applied' was counted then; one never answered before (its
        // first try was cut off by a kill) counts now, once.
        if (!replay && !mine.some((m) => m.key === call.key)) {
          confirmed.set(call.user, confirmed.get(call.user)! + thousandths(call.amount));
          mine.push(call);
        }
        continue;
      }
      if (replay) throw new Error(`a replay of ${call.key} was applied again`);
      report.postings += 1;
      confirmed.set(call.user, confirmed.get(call.user)! + thousandths(call.amount));
      mine.push(call);
    }
  };

  const workers = Array.from({ length: options.workers }, () => worker());
  try {
    for (let kill = 0; kill < options.kills; kill++) {
      await sleep(options.killEveryMs);
      const killedAt = Date.now();
      server.stop('SIGKILL');
      await server.exited;
      report.kills += 1;
      server = spawnServer(
        ['--import', 'tsx', 'src/server.ts'],
        serverEnv(options.databaseUrl, dataDir),
      );
      base = await server.listening;
      for (;;) {
        const ok = await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) break;
        await sleep(20);
      }
      report.recoveryMs.push(Date.now() - killedAt);
      log(`kill ${kill + 1}: answering again after ${report.recoveryMs.at(-1)} ms`);
    }
    await sleep(options.killEveryMs);
  } finally {
    stopping = true;
    await Promise.allSettled(workers);
    server.stop('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  await Promise.all(workers);

  const balances = await balancesOf(options.databaseUrl, names);
  for (const name of names) {
    const balance = balances.get(name) ?? 0n;
    if (balance < 0n) report.negative += 1;
    if (balance !== confirmed.get(name)) {
      report.mismatches.push(`${name}: ${balance} in the wallet, ${confirmed.get(name)} confirmed`);
    }
  }
  return report;
}
