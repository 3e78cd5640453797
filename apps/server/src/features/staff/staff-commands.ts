import { parseArgs } from 'node:util';
import { staffCreateRequestSchema, staffPolicy, staffRoles } from '@casino/contracts/operator';
import { loadConfig } from '../../config';
import { DataDirLocked } from '../../db/data-dir-lock';
import type { CommandIo } from '../../lib/command-io';
import { AppError, StartupError } from '../../lib/errors';
import { systemClock } from '../../lib/clock';
import { openCommandDatabase } from '../wallet/commands/command-database';
import { checkAuditChain, formatAuditReport } from './audit-log';
import { createStaffAccounts } from './staff-accounts';

/**
 * The back office's commands as functions (scripts/ holds the entry points), so tests run
 * them in-process. Exit codes: 0 done, 1 refused or inconsistent, 2 could not run.
 */

const createUsage = `usage: npm run staff:create -- --email person@example.com --role admin [--role payments …]
roles: ${staffRoles.join(', ')}`;

async function withDatabase(
  io: CommandIo,
  work: (opened: Awaited<ReturnType<typeof openCommandDatabase>>) => Promise<number>,
): Promise<number> {
  let opened;
  try {
    opened = await openCommandDatabase(io.env);
  } catch (error) {
    if (error instanceof DataDirLocked || error instanceof StartupError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  try {
    return await work(opened);
  } finally {
    await opened.db.close();
  }
}

/** `npm run staff:create -- --email … --role …`: prints the one-time set-up link (24 h). */
export async function staffCreateCommand(argv: string[], io: CommandIo): Promise<number> {
  let input;
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        role: { type: 'string', multiple: true },
      },
    });
    input = staffCreateRequestSchema.parse({ email: values.email, roles: values.role ?? [] });
  } catch {
    io.err(createUsage);
    return 1;
  }
  const config = loadConfig(io.env, io.env.INIT_CWD ?? process.cwd());
  return withDatabase(io, async ({ db, where }) => {
    io.out(`staff:create on ${where}`);
    const accounts = createStaffAccounts({
      db,
      clock: systemClock,
      linkBase: config.backoffice.origin ?? config.publicUrl,
    });
    try {
      const created = await accounts.createAccount(input, { system: 'staff:create' });
      io.out(`Staff account ${created.account.email} (${created.account.roles.join(', ')}).`);
      io.out(
        `One-time set-up link, valid for ${staffPolicy.setupLinkHours} hours (until ${created.expiresAt.toISOString()}):`,
      );
      io.out(created.setupLink);
      return 0;
    } catch (error) {
      if (error instanceof AppError) {
        io.err(error.message);
        return 1;
      }
      throw error;
    }
  });
}

/** `npm run audit:check`: walks the audit log's hash chain; 1 when a row was changed. */
export async function auditCheckCommand(io: CommandIo): Promise<number> {
  return withDatabase(io, async ({ db, where }) => {
    io.out(`audit:check on ${where}`);
    const report = await checkAuditChain(db);
    (report.ok ? io.out : io.err)(formatAuditReport(report));
    return report.ok ? 0 : 1;
  });
}
