// `npm run wallet:adjust -- --user <username|email|id> --amount 100.00 --reason "test funds"`:
// credits or debits a player with an adjustment row (see the command's usage text).
import { walletAdjustCommand } from '../src/features/wallet/commands/run-commands';

process.exitCode = await walletAdjustCommand(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
