import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@casino/contracts';
import {
  permissionsOf,
  staffErrorCodes,
  staffPolicy,
  staffRoles,
  type StaffRole,
} from '@casino/contracts/operator';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, isCommonPassword, verifyPassword } from '../auth';
import { throttlePolicies, type AuthThrottle, type ThrottleKeys } from '../auth';
import {
  decryptSecret,
  deriveTwoFactorKeys,
  encryptSecret,
  generateTotpSecret,
  matchTotp,
  otpauthUri,
} from '../auth';
import { appendAudit } from './audit-log';
import type { StaffActor } from './staff-actor';
import { createStaffAccounts } from './staff-accounts';
import { createStaffRepository, type StaffAccountRow } from './staff-repository';
import { hashStaffToken, newStaffToken } from './staff-tokens';

const minute = 60_000;
export const staffSessionIdleMs = staffPolicy.sessionIdleMinutes * minute;
export const staffSessionMaxMs = staffPolicy.sessionMaxHours * 60 * minute;
/** A session's last-seen time is written at most this often (it is read on every request). */
const touchEveryMs = 30_000;

export interface StaffAuthDeps {
  db: Database;
  clock: Clock;
  throttle: AuthThrottle;
  otpSecret: string;
  /** Where set-up links point: BACKOFFICE_ORIGIN, else PUBLIC_URL, else a relative link. */
  linkBase: string | undefined;
}

function loginFailed(): AppError {
  return new AppError(401, staffErrorCodes.STAFF_LOGIN_FAILED, 'Wrong e-mail, password or code.');
}

function setupInvalid(): AppError {
  return new AppError(
    404,
    staffErrorCodes.STAFF_SETUP_INVALID,
    'This set-up link is unknown, used or expired. Ask an administrator for a new one.',
  );
}

export function isStaffRole(value: string): value is StaffRole {
  return (staffRoles as readonly string[]).includes(value);
}

export function actorOfAccount(
  account: StaffAccountRow,
  session: { id: string; expiresAt: Date } | null,
): StaffActor {
  const roles = account.roles.filter(isStaffRole);
  return {
    kind: 'staff',
    id: account.id,
    email: account.email,
    roles,
    permissions: new Set(permissionsOf(roles)),
    sessionId: session?.id ?? null,
    sessionExpiresAt: session?.expiresAt ?? null,
  };
}

/** Where a request came from, as the audit row keeps it. */
interface Client {
  ip: string;
  userAgent: string | null;
}

/**
 * The audit row of a staff member's own step before a session exists (the set-up's end, a
 * sign-in): the account is the actor, with its roles as stored.
 */
function appendOwnAudit(
  tx: Database,
  now: Date,
  account: StaffAccountRow,
  where: Client,
  action: string,
  target: { kind: string; id: string },
): Promise<string> {
  return appendAudit(tx, now, {
    actor: { kind: 'staff', id: account.id, email: account.email, roles: account.roles },
    action,
    targetKind: target.kind,
    targetId: target.id,
    ip: where.ip,
    userAgent: where.userAgent,
  });
}

/**
 * Staff accounts and sessions (docs/decisions/065): set-up links, the login with the
 * password and a TOTP code together, sessions of 30 minutes idle and 12 hours at most.
 */
export function createStaffAuthService(deps: StaffAuthDeps) {
  const keys = deriveTwoFactorKeys(deps.otpSecret);

  const accounts = createStaffAccounts({ db: deps.db, clock: deps.clock, linkBase: deps.linkBase });

  return {
    issueSetupLink: accounts.issueSetupLink,
    createAccount: accounts.createAccount,

    /** The link is valid: the authenticator's secret (kept for the link, the same each time). */
    async setupBegin(token: string) {
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const repo = createStaffRepository(tx);
        const row = await repo.setupTokenForUpdate(hashStaffToken(token), now);
        const account = row && (await repo.account(row.staffId));
        if (!row || !account || account.disabledAt) throw setupInvalid();
        let secret: string;
        if (row.totpSecret) {
          secret = decryptSecret(keys.encryption, account.id, row.totpSecret);
        } else {
          secret = generateTotpSecret();
          await repo.setSetupSecret(account.id, encryptSecret(keys.encryption, account.id, secret));
        }
        return {
          email: account.email,
          totp_secret: secret,
          otpauth_uri: otpauthUri(secret, `${account.email} (back office)`),
          expires_at: row.expiresAt.toISOString(),
        };
      });
    },

    /** The password and a first code: the account is ready; the link is used up. */
    async setupComplete(input: { token: string; password: string; code: string }, where: Client) {
      if (isCommonPassword(input.password)) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, 'This password is too common.', [
          { path: 'password', message: 'passwordtoocommon' },
        ]);
      }
      const passwordHash = await hashPassword(input.password);
      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const repo = createStaffRepository(tx);
        const row = await repo.setupTokenForUpdate(hashStaffToken(input.token), now);
        const account = row && (await repo.accountForUpdate(row.staffId));
        if (!row?.totpSecret || !account || account.disabledAt) throw setupInvalid();
        const secret = decryptSecret(keys.encryption, account.id, row.totpSecret);
        const step = matchTotp(secret, input.code, now);
        if (step === null) {
          throw new AppError(422, ErrorCode.VALIDATION_FAILED, 'The code is wrong or too old.', [
            { path: 'code', message: 'twofactorcodeerror' },
          ]);
        }
        await repo.updateAccount(account.id, {
          passwordHash,
          totpSecret: row.totpSecret,
          totpLastStep: step,
          updatedAt: now,
        });
        await repo.deleteSetupToken(account.id);
        await repo.endSessions(account.id, 'setup', now);
        await appendOwnAudit(tx, now, account, where, 'auth.setup.complete', {
          kind: 'staff',
          id: account.id,
        });
      });
    },

    /**
     * E-mail, password and code at once. Counted by the players' throttle (in the database,
     * before anything is checked: it holds under a burst and across instances) under keys of
     * its own; one answer for every wrong part.
     */
    async login(input: { email: string; password: string; code: string }, where: Client) {
      const throttleKeys: ThrottleKeys = {
        pair: `staff-login:pair:${input.email}|${where.ip}`,
        account: `staff-login:account:${input.email}`,
        ip: `staff-login:ip:${where.ip}`,
      };
      const attempt = await deps.throttle.countAttempt(throttleKeys, throttlePolicies);
      const account = await createStaffRepository(deps.db).accountByEmail(input.email);
      const passwordOk = await verifyPassword(
        account?.passwordHash ?? (await dummyPasswordHash()),
        input.password,
      );
      if (!account?.passwordHash || !account.totpSecret || account.disabledAt || !passwordOk) {
        throw loginFailed();
      }
      const secret = decryptSecret(keys.encryption, account.id, account.totpSecret);
      const now = deps.clock.now();
      const step = matchTotp(secret, input.code, now);
      if (step === null) throw loginFailed();
      const { token, hash } = newStaffToken();
      const session = {
        id: randomUUID(),
        expiresAt: new Date(now.getTime() + staffSessionMaxMs),
      };
      await deps.db.transaction(async (tx) => {
        const repo = createStaffRepository(tx);
        const locked = await repo.accountForUpdate(account.id);
        // A code is taken once: a replay (or a second login with the same code) fails.
        if (!locked || locked.disabledAt || (locked.totpLastStep ?? -1) >= step)
          throw loginFailed();
        await repo.updateAccount(account.id, { totpLastStep: step, lastLoginAt: now });
        await repo.insertSession({
          id: session.id,
          staffId: account.id,
          tokenHash: hash,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: session.expiresAt,
          ip: where.ip,
          userAgent: where.userAgent?.slice(0, 512) ?? null,
        });
        await appendOwnAudit(tx, now, account, where, 'auth.login', {
          kind: 'staff-session',
          id: session.id,
        });
      });
      await deps.throttle.succeeded(attempt);
      return { token, actor: actorOfAccount(account, session) };
    },

    /** The cookie's session, if live; refreshes its last-seen time. */
    async authenticate(token: string): Promise<StaffActor | undefined> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
      const repo = createStaffRepository(deps.db);
      const found = await repo.sessionByToken(hashStaffToken(token));
      if (!found) return undefined;
      const { session, account } = found;
      const now = deps.clock.now().getTime();
      if (
        session.endedAt !== null ||
        account.disabledAt !== null ||
        session.expiresAt.getTime() <= now ||
        session.lastSeenAt.getTime() + staffSessionIdleMs <= now
      ) {
        return undefined;
      }
      if (now - session.lastSeenAt.getTime() >= touchEveryMs) {
        await repo.touchSession(session.id, new Date(now));
      }
      return actorOfAccount(account, session);
    },

    async liveSessions(staffId: string) {
      const now = deps.clock.now();
      return createStaffRepository(deps.db).liveSessions(
        staffId,
        now,
        new Date(now.getTime() - staffSessionIdleMs),
      );
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
