import { checkLedger, formatLedgerReport } from '../features/wallet';
import type { Command } from './command';
import { withCommandDatabase } from './command-database';

/**
 * `npm run ledger:check` (from the repository root or apps/server): checks the ledger's
 * invariants on DATABASE_URL, or on DATA_DIR's PGlite when the server is not running; prints
 * what it checked, exit 1 on any discrepancy.
 */
export const ledgerCheck: Command = {
  name: 'ledger:check',
  usage: 'usage: npm run ledger:check  (checks the ledger on DATABASE_URL or DATA_DIR)',
  run: (_argv, io) =>
    withCommandDatabase(io, async ({ db, where }) => {
      io.out(`ledger:check on ${where}`);
      const report = await checkLedger(db);
      (report.ok ? io.out : io.err)(formatLedgerReport(report));
      return report.ok ? 0 : 1;
    }),
};
