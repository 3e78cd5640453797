import { DataDirLocked } from '../../../db/data-dir-lock';
import type { CommandIo } from '../../../lib/command-io';
import { StartupError } from '../../../lib/errors';
import { systemClock } from '../../../lib/clock';
import { createLedger } from '../ledger';
import { checkLedger, formatLedgerReport } from '../ledger-check';
import { adjustUsage, parseAdjustArgs, runAdjust, UsageError } from './adjust-command';
import { openCommandDatabase } from './command-database';

/**
 * The operator commands as functions (scripts/ holds the thin entry points), so tests run
 * them in-process. Exit codes: 0 done, 1 refused or inconsistent, 2 could not run.
 */
export type { CommandIo } from '../../../lib/command-io';

/** `npm run ledger:check`: prints what it checked; 1 on any discrepancy. */
export async function ledgerCheckCommand(io: CommandIo): Promise<number> {
  return withDatabase(io, async ({ db, where }) => {
    io.out(`ledger:check on ${where}`);
    const report = await checkLedger(db);
    (report.ok ? io.out : io.err)(formatLedgerReport(report));
    return report.ok ? 0 : 1;
  });
}

/** `npm run wallet:adjust -- --user … --amount … --reason …`. */
export async function walletAdjustCommand(argv: string[], io: CommandIo): Promise<number> {
  let args;
  try {
    args = parseAdjustArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${adjustUsage}`);
    return 1;
  }
  return withDatabase(io, async ({ db, where }) => {
    io.out(`wallet:adjust on ${where}`);
    try {
      const ledger = createLedger({ db, clock: systemClock });
      io.out(await runAdjust(db, ledger, args));
      // The server's live balance streams hear of it through our NOTIFY: send it before exit.
      await ledger.events.flush();
      return 0;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      io.err(error.message);
      return 1;
    }
  });
}

async function withDatabase(
  io: CommandIo,
  work: (opened: Awaited<ReturnType<typeof openCommandDatabase>>) => Promise<number>,
): Promise<number> {
  let opened;
  try {
    opened = await openCommandDatabase(io.env);
  } catch (error) {
    // Locked PGlite, bad configuration: the message says what to do.
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
