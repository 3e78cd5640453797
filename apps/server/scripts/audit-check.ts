// `npm run audit:check` (from the repository root or apps/server): checks the back office's
// audit log hash chain on DATABASE_URL, or on DATA_DIR's PGlite when the server is not running.
import { auditCheckCommand } from '../src/features/staff/staff-commands';

process.exitCode = await auditCheckCommand({
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
