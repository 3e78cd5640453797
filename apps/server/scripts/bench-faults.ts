// `npm run bench:faults -w apps/server` with DATABASE_URL (or TEST_DATABASE_URL) set to a
// scratch PostgreSQL database (migrated by the server; players are added, nothing removed):
// credits, debits and replays while the server is SIGKILLed and restarted; prints the figures,
// then checks every balance against the confirmed answers and runs the ledger check.
import { openPostgres } from '../src/db/postgres-connection';
import { checkLedger, formatLedgerReport } from '../src/features/wallet/ledger-check';
import { runFaultLoad } from './fault-load';

const databaseUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('Set DATABASE_URL to a scratch PostgreSQL database.\n');
  process.exit(1);
}
const started = Date.now();
const report = await runFaultLoad({
  databaseUrl,
  players: 20,
  workers: 16,
  kills: Number(process.env.FAULT_KILLS ?? 5),
  killEveryMs: 3_000,
  log: (line) => process.stdout.write(`${line}\n`),
});
const db = openPostgres({ url: databaseUrl, max: 2 });
const ledger = await checkLedger(db);
await db.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
process.stdout.write(
  [
    `postings applied: ${report.postings}, replays answered: ${report.replays}, refusals: ${report.refusals}`,
    `retries after a lost answer: ${report.retries}, SIGKILLs: ${report.kills} in ${seconds} s`,
    `recovery (kill → health 200): ${report.recoveryMs.map((ms) => `${ms} ms`).join(', ')}`,
    `balances off: ${report.mismatches.length}, negative: ${report.negative}`,
    formatLedgerReport(ledger),
  ].join('\n') + '\n',
);
for (const line of report.mismatches) process.stdout.write(`  ${line}\n`);
process.exitCode = report.mismatches.length === 0 && report.negative === 0 && ledger.ok ? 0 : 1;
