import { randomUUID } from 'node:crypto';
import { staffErrorCodes, staffPolicy, type StaffRole } from '@casino/contracts/operator';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { appendAudit } from './audit-log';
import { auditOf, type StaffContext } from './staff-actor';
import { createStaffRepository } from './staff-repository';
import { newStaffToken } from './staff-tokens';

const setupLinkMs = staffPolicy.setupLinkHours * 60 * 60_000;

/**
 * Creating staff accounts and their one-time set-up links: for the admin's route and for
 * `npm run staff:create`, which has no running server (and needs no secret: a link is a
 * random token whose SHA-256 is stored).
 */
export function createStaffAccounts(deps: {
  db: Database;
  clock: Clock;
  /** BACKOFFICE_ORIGIN, else PUBLIC_URL, else the link is relative. */
  linkBase: string | undefined;
}) {
  const link = (token: string) => `${deps.linkBase ?? ''}${staffPolicy.appPath}setup#${token}`;

  /** A new link for the account (the old one stops working), in the caller's transaction. */
  async function issueSetupLink(tx: Database, staffId: string, now: Date) {
    const { token, hash } = newStaffToken();
    const expiresAt = new Date(now.getTime() + setupLinkMs);
    await createStaffRepository(tx).putSetupToken({
      staffId,
      tokenHash: hash,
      expiresAt,
      createdAt: now,
    });
    return { setupLink: link(token), expiresAt };
  }

  /** A new account and its set-up link; audited as the admin, or as the command. */
  async function createAccount(
    input: { email: string; roles: StaffRole[] },
    context: StaffContext | { system: string },
  ) {
    const now = deps.clock.now();
    const id = randomUUID();
    return deps.db.transaction(async (tx) => {
      const repo = createStaffRepository(tx);
      const created = await repo.insertAccount({
        id,
        email: input.email,
        roles: input.roles,
        createdAt: now,
        updatedAt: now,
      });
      if (!created) {
        throw new AppError(
          409,
          staffErrorCodes.STAFF_EMAIL_TAKEN,
          'A staff account has this e-mail.',
        );
      }
      const issued = await issueSetupLink(tx, id, now);
      const entry = {
        action: 'staff.create',
        targetKind: 'staff',
        targetId: id,
        after: { email: input.email, roles: input.roles },
      };
      await appendAudit(
        tx,
        now,
        'system' in context
          ? { ...entry, actor: { kind: 'system', id: context.system, email: null, roles: [] } }
          : auditOf(context, entry),
      );
      const account = await repo.account(id);
      if (!account) throw new Error('staff account vanished');
      return { account, ...issued };
    });
  }

  return { issueSetupLink, createAccount };
}
