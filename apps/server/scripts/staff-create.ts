// `npm run staff:create -- --email person@example.com --role admin`: a staff account and its
// one-time set-up link /backoffice/setup#<token> (24 hours).
import { staffCreateCommand } from '../src/features/staff/staff-commands';

process.exitCode = await staffCreateCommand(process.argv.slice(2), {
  env: process.env,
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
});
