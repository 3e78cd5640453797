import type { CommandIo } from '../lib/command-io';

export type { CommandIo } from '../lib/command-io';

/**
 * One operator command (`npm run <name> -w apps/server -- …`): its usage text and `run`,
 * which takes the arguments after the name and answers with the exit code. Exit codes: 0
 * done, 1 refused, inconsistent or a mistake in the command line, 2 could not run (the
 * database locked or the configuration wrong). cli.ts runs them; tests call `run` in-process.
 */
export interface Command<Io extends CommandIo = CommandIo> {
  /** The npm script's name, e.g. `ledger:check`. */
  name: string;
  /** Printed for --help, and after a mistake in the command line. */
  usage: string;
  run(argv: string[], io: Io): Promise<number>;
}

/**
 * A mistake in the command line: the runner prints the message (if any) and the usage, and
 * exits with 1.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
