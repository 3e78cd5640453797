import type { Command, CommandIo } from './command';
import { UsageError } from './command';

/** The terminal: what a command prints goes to stdout and stderr, one line each. */
export const processIo: CommandIo = {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/**
 * Runs one command the same way every time: --help (or -h) prints its usage and exits 0; a
 * UsageError prints its message and the usage and exits 1; otherwise the command's own code.
 */
export async function runCommand<Io extends CommandIo>(
  command: Command<Io>,
  argv: string[],
  io: Io,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message ? `${error.message}\n\n${command.usage}` : command.usage);
    return 1;
  }
}
