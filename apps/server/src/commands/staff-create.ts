import { parseArgs } from 'node:util';
import { staffCreateRequestSchema, staffPolicy, staffRoles } from '@casino/contracts/operator';
import { loadConfig } from '../config';
import { createStaffAccounts } from '../features/staff';
import { systemClock } from '../lib/clock';
import { AppError } from '../lib/errors';
import { UsageError, type Command } from './command';
import { withCommandDatabase } from './command-database';

const usage = `usage: npm run staff:create -- --email person@example.com --role admin [--role payments …]
roles: ${staffRoles.join(', ')}`;

function parse(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        role: { type: 'string', multiple: true },
      },
    });
    return staffCreateRequestSchema.parse({ email: values.email, roles: values.role ?? [] });
  } catch {
    throw new UsageError('');
  }
}

/**
 * `npm run staff:create -- --email … --role …`: a staff account and its one-time set-up link
 * /backoffice/setup#<token> (24 hours); exit 1 when refused (the address is taken).
 */
export const staffCreate: Command = {
  name: 'staff:create',
  usage,
  async run(argv, io) {
    const input = parse(argv);
    const config = loadConfig(io.env, io.env.INIT_CWD ?? process.cwd());
    return withCommandDatabase(io, async ({ db, where }) => {
      io.out(`staff:create on ${where}`);
      const accounts = createStaffAccounts({
        db,
        clock: systemClock,
        linkBase: config.backoffice.origin ?? config.publicUrl,
      });
      try {
        const created = await accounts.createAccount(input, { system: 'staff:create' });
        io.out(`Staff account ${created.account.email} (${created.account.roles.join(', ')}).`);
        io.out(
          `One-time set-up link, valid for ${staffPolicy.setupLinkHours} hours (until ${created.expiresAt.toISOString()}):`,
        );
        io.out(created.setupLink);
        return 0;
      } catch (error) {
        if (error instanceof AppError) {
          io.err(error.message);
          return 1;
        }
        throw error;
      }
    });
  },
};
