import {
  authErrorCodes,
  authFieldMessages,
  type Language,
  type SettingsResponse,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { assertPasswordNotCommon, codeRefused, emailBusy, usernameBusy } from '../auth';
import { createAccountRepository } from '../auth';
import { unauthorized } from '../auth';
import type { CodeSender } from '../auth';
import { hashCode } from '../auth';
import { hashPassword, verifyPassword } from '../auth';
import type { AuthenticatedPlayer, SessionService } from '../auth';
import { throttleKeys, type AuthThrottle } from '../auth';
import type { TwoFactorService } from '../auth';
import { emailChangeCodes } from './email-change-codes';
import { toMe } from './me';
import { createProfileRepository } from './profile-repository';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  /** Unless false, every other session of the player is revoked. */
  signOutOthers?: boolean | undefined;
}

/**
 * Changes a player makes to their own account. Every method takes the authenticated player
 * and touches that player's rows only: there is no user id in any of these requests.
 */
export interface SettingsService {
  changeUsername(player: AuthenticatedPlayer, username: string): Promise<SettingsResponse>;
  /**
   * E-mails a code to the new address; the change waits for verifyEmailChange. With
   * two-factor sign-in on, `secondFactor.code` must be right first (docs/decisions/051).
   */
  requestEmailChange(
    player: AuthenticatedPlayer,
    email: string,
    language: Language,
    secondFactor?: { code: string | undefined; ip: string },
  ): Promise<SettingsResponse>;
  verifyEmailChange(player: AuthenticatedPlayer, code: string): Promise<SettingsResponse>;
  /** The old password must match (throttled like login); other sessions are revoked. */
  changePassword(player: AuthenticatedPlayer, change: PasswordChange, ip: string): Promise<void>;
}

export interface SettingsServiceDeps {
  db: Database;
  clock: Clock;
  codeSender: CodeSender;
  sessions: SessionService;
  throttle: AuthThrottle;
  otpSecret: string;
  /** The gate of an e-mail change; the app always passes it. */
  twoFactor?: TwoFactorService;
}

function nothingToVerify(): AppError {
  return new AppError(400, authErrorCodes.NOTHING_TO_VERIFY, 'No e-mail change is waiting.');
}

function wrongPassword(): AppError {
  return new AppError(400, authErrorCodes.WRONG_PASSWORD, 'The current password is wrong.', [
    { path: 'oldPassword', message: authFieldMessages.wrongPassword },
  ]);
}

export function createSettingsService(deps: SettingsServiceDeps): SettingsService {
  const profiles = createProfileRepository(deps.db);
  const accounts = createAccountRepository(deps.db);

  async function me(userId: string) {
    const row = await profiles.find(userId);
    if (!row) throw unauthorized();
    return toMe(row);
  }

  return {
    async changeUsername(player, username) {
      try {
        await profiles.setUsername(player.id, username, deps.clock.now());
      } catch (error) {
        if (uniqueViolation(error) === 'users_username_lower_key') throw usernameBusy();
        throw error;
      }
      return { status: 'updated', user: await me(player.id) };
    },

    async requestEmailChange(player, email, language, secondFactor) {
      // Before anything is looked up: without the second factor nothing is learnt here.
      await deps.twoFactor?.requireCode(
        player.id,
        secondFactor?.code,
        secondFactor?.ip ?? '',
        'twoFactorCode',
      );
      const user = await me(player.id);
      if (email === user.email || (await profiles.emailTaken(email))) throw emailBusy();
      const sent = await deps.codeSender.send({
        purpose: 'email_change',
        address: email,
        username: user.username,
        language,
      });
      await emailChangeCodes(deps.db).put(
        player.id,
        { newEmail: email, codeHash: sent.codeHash, codeExpiresAt: sent.codeExpiresAt },
        deps.clock.now(),
      );
      return { status: 'verification_sent', user, pending_email: email };
    },

    async verifyEmailChange(player, code) {
      const now = deps.clock.now();
      const outcome = await deps.db.transaction(async (tx) => {
        const changes = emailChangeCodes(tx);
        const judged = await changes.judge(
          player.id,
          (stored) => hashCode(deps.otpSecret, 'email_change', stored.newEmail, code),
          now,
        );
        if (!judged) return 'nothing' as const;
        if (judged.check !== 'ok') return judged.check;
        const pending = judged.stored;
        try {
          // A savepoint: a unique violation must not abort the outer transaction, which
          // still has to drop the change that can never succeed.
          await tx.transaction((sp) =>
            createProfileRepository(sp).setEmail(player.id, pending.newEmail, now),
          );
        } catch (error) {
          if (uniqueViolation(error) !== 'users_email_key') throw error;
          await changes.remove(player.id);
          return 'busy' as const;
        }
        await changes.remove(player.id);
        return 'ok' as const;
      });
      switch (outcome) {
        case 'nothing':
          throw nothingToVerify();
        case 'busy':
          throw emailBusy();
        case 'ok':
          return { status: 'updated', user: await me(player.id) };
        case 'invalid':
        case 'expired':
        case 'attempts_exceeded':
          throw codeRefused(outcome, 'data');
      }
    },

    async changePassword(player, change, ip) {
      assertPasswordNotCommon(change.newPassword, 'newPassword');
      // Counted before the old password is checked (see AuthThrottle.countAttempt).
      const attempt = await deps.throttle.countAttempt(throttleKeys('password', player.id, ip));
      const account = await accounts.findById(player.id);
      if (!account) throw unauthorized();
      if (!(await verifyPassword(account.passwordHash, change.oldPassword))) throw wrongPassword();
      await deps.throttle.succeeded(attempt);
      const passwordHash = await hashPassword(change.newPassword);
      await deps.db.transaction(async (tx) => {
        await createAccountRepository(tx).setPasswordHash(
          player.id,
          passwordHash,
          deps.clock.now(),
        );
        // Whoever else holds a session (perhaps the reason for the change) is signed out,
        // unless the player chose to keep their other devices.
        if (change.signOutOthers !== false) {
          await deps.sessions.revokeOthers(player.id, player.sessionId, 'password_change', tx);
        }
      });
    },
  };
}
