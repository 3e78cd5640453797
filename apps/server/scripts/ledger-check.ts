// `npm run ledger:check` (from the repository root or apps/server): checks the ledger's
// invariants on DATABASE_URL, or on DATA_DIR's PGlite when the server is not running.
import { ledgerCheckCommand } from '../src/features/wallet/commands/run-commands';

process.exitCode = await ledgerCheckCommand({
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
