import type { Config } from '../../config';
import { loadConfig } from '../../config';
import type { CommandIo } from '../../lib/command-io';
import { StartupError } from '../../lib/errors';
import { prepareSimulatedProviders } from './simulated-secrets';

export type { CommandIo } from '../../lib/command-io';

/**
 * The server's own configuration for an operator command (games:sync, providers:check), with
 * the simulated providers' secrets from DATA_DIR/providers.json, as the server has them.
 * Relative paths are taken from the folder the operator typed the command in (npm's INIT_CWD),
 * as `npm start` does, not from apps/server where `npm -w` runs it: otherwise the command would
 * read (or create) another DATA_DIR than the server's. A configuration problem is printed
 * (the variable named, never its value) and answered with undefined.
 */
export async function commandConfig(io: CommandIo): Promise<Config | undefined> {
  try {
    const env: Record<string, string | undefined> = { LOG_LEVEL: 'warn', ...io.env };
    return await prepareSimulatedProviders(loadConfig(env, env.INIT_CWD ?? process.cwd()));
  } catch (error) {
    if (error instanceof StartupError) {
      io.err(error.message);
      return undefined;
    }
    throw error;
  }
}
