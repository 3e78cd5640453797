import { checkLedger, formatLedgerReport } from '../features/wallet';
import { databaseCheck } from './command-database';

/**
 * `npm run ledger:check` (from the repository root or apps/server): checks the ledger's
 * invariants on DATABASE_URL, or on DATA_DIR's PGlite when the server is not running; prints
 * what it checked, exit 1 on any discrepancy.
 */
export const ledgerCheck = databaseCheck({
  name: 'ledger:check',
  usage: 'usage: npm run ledger:check  (checks the ledger on DATABASE_URL or DATA_DIR)',
  check: checkLedger,
  format: formatLedgerReport,
});
