// `npm run games:sync -w apps/server`: syncs the game catalog from every provider now.
import { runGamesSyncCommand } from '../src/features/games/sync-command';

process.exitCode = await runGamesSyncCommand({
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
