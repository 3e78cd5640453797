import { checkAuditChain, formatAuditReport } from '../features/staff';
import type { Command } from './command';
import { withCommandDatabase } from './command-database';

/**
 * `npm run audit:check` (from the repository root or apps/server): walks the back office's
 * audit log hash chain on DATABASE_URL, or on DATA_DIR's PGlite when the server is not
 * running; exit 1 when a row was changed.
 */
export const auditCheck: Command = {
  name: 'audit:check',
  usage: 'usage: npm run audit:check  (checks the audit log on DATABASE_URL or DATA_DIR)',
  run: (_argv, io) =>
    withCommandDatabase(io, async ({ db, where }) => {
      io.out(`audit:check on ${where}`);
      const report = await checkAuditChain(db);
      (report.ok ? io.out : io.err)(formatAuditReport(report));
      return report.ok ? 0 : 1;
    }),
};
