// `npm run payments:review -w apps/server -- list | approve <id> | reject <id> [--reason "…"]`:
// the operator's decisions on withdrawals, through the running server's operator API.
import { runPaymentsReviewCommand } from '../src/features/payments/review-command';

process.exitCode = await runPaymentsReviewCommand({
  args: process.argv.slice(2),
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
