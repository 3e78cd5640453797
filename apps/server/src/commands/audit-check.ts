import { checkAuditChain, formatAuditReport } from '../features/staff';
import { databaseCheck } from './command-database';

/**
 * `npm run audit:check` (from the repository root or apps/server): walks the back office's
 * audit log hash chain on DATABASE_URL, or on DATA_DIR's PGlite when the server is not
 * running; exit 1 when a row was changed.
 */
export const auditCheck = databaseCheck({
  name: 'audit:check',
  usage: 'usage: npm run audit:check  (checks the audit log on DATABASE_URL or DATA_DIR)',
  check: checkAuditChain,
  format: formatAuditReport,
});
