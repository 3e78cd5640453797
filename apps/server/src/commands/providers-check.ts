import { checkProviderSetup, commandConfig } from '../features/providers';
import { fetchTransport, type HttpTransport } from '../lib/http-transport';
import type { Command, CommandIo } from './command';

export interface ProvidersCheckIo extends CommandIo {
  /** How the checks reach the provider and our own server (tests swap it). */
  transport?: HttpTransport;
}

/**
 * `npm run providers:check -w apps/server`: checks each provider's set-up before the first
 * real bet (credentials at the provider, our callbacks at PUBLIC_URL; docs/operations.md).
 * Exit code 0 when every check passed.
 */
export const providersCheck: Command<ProvidersCheckIo> = {
  name: 'providers:check',
  usage: 'usage: npm run providers:check -w apps/server  (the server running at PUBLIC_URL)',
  async run(_argv, io) {
    const config = await commandConfig(io);
    if (!config) return 1;
    return (await checkProviderSetup(config, io.transport ?? fetchTransport, io.out)) ? 0 : 1;
  },
};
