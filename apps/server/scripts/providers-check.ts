// `npm run providers:check -w apps/server`: checks each provider's set-up before the first real
// bet (credentials at the provider, our callbacks at PUBLIC_URL). docs/operations.md.
import { runProvidersCheckCommand } from '../src/features/providers/check-command';

process.exitCode = await runProvidersCheckCommand({
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
