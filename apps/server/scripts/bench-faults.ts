// `npm run bench:faults -w apps/server`: the fault load (fault-load.ts) on a PostgreSQL
// cluster of its own (private-postgres.ts: initdb in a temporary folder, free port), so that
// PostgreSQL is really restarted (`pg_ctl restart -m fast`) without touching a shared server.
// Without PostgreSQL's binaries (set PG_BIN), DATABASE_URL (or TEST_DATABASE_URL) names a
// scratch database and the restart is played by a TCP proxy that cuts and refuses connections.
// FAULT_KILLS (default 5) SIGKILLs; prints the figures and exits non-zero on any discrepancy.
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgres } from '../src/db/postgres-connection';
import { checkLedger, formatLedgerReport } from '../src/features/wallet/ledger-check';
import { startTcpProxy, urlThrough } from '../test/helpers/tcp-proxy';
import { runFaultLoad, type FaultLoadOptions } from './fault-load';
import { postgresBinaries, startPrivatePostgres } from './private-postgres';

const bin = postgresBinaries();
const cleanups: (() => Promise<void>)[] = [];
let databaseUrl: string;
let setup: Pick<FaultLoadOptions, 'serverDatabaseUrl' | 'restartDatabase'>;
let how: string;
if (bin) {
  const cluster = await startPrivatePostgres(bin);
  cleanups.push(() => cluster.stop());
  databaseUrl = cluster.url;
  setup = { restartDatabase: () => cluster.restart() };
  how = `a private cluster (${bin}), restarted with pg_ctl restart -m fast`;
} else {
  const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    process.stderr.write(
      'No PostgreSQL binaries (PG_BIN): set DATABASE_URL to a scratch database.\n',
    );
    process.exit(1);
  }
  databaseUrl = url;
  const target = new URL(url);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  cleanups.push(() => proxy.close());
  setup = {
    serverDatabaseUrl: urlThrough(url, proxy),
    restartDatabase: async () => {
      await proxy.down();
      await sleep(3_000);
      await proxy.up();
    },
  };
  how = 'DATABASE_URL behind a TCP proxy (restart played: connections cut, refused for 3 s)';
}

const started = Date.now();
try {
  const report = await runFaultLoad({
    databaseUrl,
    ...setup,
    players: 20,
    workers: 16,
    kills: Number(process.env.FAULT_KILLS ?? 5),
    faultEveryMs: 3_000,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const db = openPostgres({ url: databaseUrl, max: 2 });
  const ledger = await checkLedger(db);
  await db.close();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const total = Object.values(report.postings).reduce((a, b) => a + b, 0);
  const max = (pick: (r: (typeof report.recoveries)[number]) => number) =>
    Math.max(...report.recoveries.map(pick));
  process.stdout.write(
    [
      `database: ${how}`,
      `postings answered: ${total} (${Object.entries(report.postings)
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')})`,
      `replays answered: ${report.replays}, refusals: ${report.refusals}`,
      `deposits not answered "succeeded": ${
        Object.entries(report.depositsUnsettled)
          .map(([label, n]) => `${n} ${label}`)
          .join(', ') || 'none'
      }`,
      `retries after no answer: ${report.retries}; SIGKILLs: ${report.kills}, ` +
        `PostgreSQL restarts: ${report.databaseRestarts}, in ${seconds} s`,
      ...report.recoveries.map(
        (r, i) =>
          `recovery ${i + 1} (${r.fault}${r.downMs === undefined ? '' : `, ${r.downMs} ms down`}): ` +
          `health ${r.healthMs} ms, provider callback ${r.callbackMs} ms`,
      ),
      `max recovery: health ${max((r) => r.healthMs)} ms, callback ${max((r) => r.callbackMs)} ms`,
      `balances off: ${report.mismatches.length}, negative: ${report.negative}, ` +
        `payments that disagree with the ledger: ${report.paymentsOff.length}`,
      formatLedgerReport(ledger),
    ].join('\n') + '\n',
  );
  for (const line of [...report.mismatches, ...report.paymentsOff]) {
    process.stdout.write(`  ${line}\n`);
  }
  const right =
    report.mismatches.length === 0 && report.paymentsOff.length === 0 && report.negative === 0;
  process.exitCode = right && ledger.ok ? 0 : 1;
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
