import { auditCheck } from './audit-check';
import type { Command } from './command';
import { gamesSync } from './games-sync';
import { ledgerCheck } from './ledger-check';
import { paymentsReview } from './payments-review';
import { providersCheck } from './providers-check';
import { processIo, runCommand } from './run-command';
import { staffCreate } from './staff-create';
import { walletAdjust } from './wallet-adjust';

/**
 * The one entry of the operator commands: `tsx src/commands/cli.ts <name> [arguments]`, as
 * the npm scripts of apps/server run it (`npm run ledger:check`, `npm run wallet:adjust -- …`).
 */
const commands: Command[] = [
  ledgerCheck,
  walletAdjust,
  staffCreate,
  auditCheck,
  gamesSync,
  providersCheck,
  paymentsReview,
];

const [name, ...argv] = process.argv.slice(2);
const command = commands.find((c) => c.name === name);
if (command) {
  process.exitCode = await runCommand(command, argv, processIo);
} else {
  processIo.err(
    `unknown command ${name ?? '(none)'}: one of ${commands.map((c) => c.name).join(', ')}`,
  );
  process.exitCode = 1;
}
