import type { Language, PasswordResetRequestResponse } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { assertPasswordNotCommon, codeRefused } from './account-errors';
import { createAccountRepository, type AccountRow } from './account-repository';
import type { CodeSender, ReservedSend } from './code-sender';
import { hashCode, otpPolicy, resendWaitSeconds } from './otp';
import { hashPassword } from './password';
import { passwordResetCodes } from './code-stores';
import type { SessionClient } from './session-repository';
import type { IssuedSession, SessionService } from './session-service';

export interface PasswordResetConfirmInput {
  email: string;
  otp: string;
  password: string;
}

/**
 * "Forgot password" (docs/decisions/045): a code e-mailed to the account's address, then the
 * code with a new password. Nothing in the answers, their timing or their limits tells an
 * outsider whether an account has the address.
 */
export interface PasswordResetService {
  /**
   * Counts a send against the address (429 OTP_RESEND_LIMIT like any code), then answers at
   * once; the code is made, stored and mailed afterwards, and only if an account has the
   * address. So the answer is the same, in content and in time, for every address.
   */
  request(email: string, language: Language): Promise<PasswordResetRequestResponse>;
  /**
   * The right code sets the new password, ends every session of the account and opens a new
   * one here. Wrong, dead or unknown: 400 OTP_INVALID / OTP_EXPIRED / OTP_ATTEMPTS_EXCEEDED
   * (an address without an account or without a waiting reset is OTP_INVALID).
   */
  confirm(input: PasswordResetConfirmInput, client?: SessionClient): Promise<IssuedSession>;
  /** Resolves once every mail started by request() is sent or has failed (close, tests). */
  settle(): Promise<void>;
}

export interface PasswordResetServiceDeps {
  db: Database;
  clock: Clock;
  background: BackgroundTasks;
  codeSender: CodeSender;
  sessions: SessionService;
  otpSecret: string;
}

export const passwordResetMessage =
  'If an account uses this e-mail, a code to reset its password is on its way.';

export function createPasswordResetService(deps: PasswordResetServiceDeps): PasswordResetService {
  const accounts = createAccountRepository(deps.db);

  async function deliver(account: AccountRow, slot: ReservedSend, language: Language) {
    const sent = await deps.codeSender.deliver(
      { purpose: 'password_reset', address: account.email, username: account.username, language },
      slot,
    );
    await passwordResetCodes(deps.db).put(
      account.id,
      { codeHash: sent.codeHash, codeExpiresAt: sent.codeExpiresAt },
      deps.clock.now(),
    );
  }

  return {
    async request(email, language) {
      const slot = await deps.codeSender.reserve(email, 'password_reset');
      const account = await accounts.findByEmail(email);
      // Mailed once this answer is on its way: the mail and the write must not make a known
      // address's answer any slower.
      if (account) {
        deps.background.run('password reset mail', () => deliver(account, slot, language));
      }
      return {
        message: passwordResetMessage,
        resend_after: resendWaitSeconds(slot.sends, slot.purpose, slot.at),
        expires_in: otpPolicy.validMs / 1000,
      };
    },

    async confirm(input, client) {
      assertPasswordNotCommon(input.password, 'password');
      // Hashed before anything is looked up: every answer costs one argon2 hash, so a wrong
      // code, an unknown address and a success take about as long.
      const passwordHash = await hashPassword(input.password);
      const account = await accounts.findByEmail(input.email);
      const now = deps.clock.now();
      const outcome = await deps.db.transaction(async (tx) => {
        if (!account) return 'invalid' as const;
        const resets = passwordResetCodes(tx);
        const candidate = hashCode(deps.otpSecret, 'password_reset', account.email, input.otp);
        // A wrong try is counted with this transaction, which returns instead of throwing.
        const judged = await resets.judge(account.id, () => candidate, now);
        if (judged?.check !== 'ok') return judged?.check ?? 'invalid';
        await resets.remove(account.id);
        await createAccountRepository(tx).setPasswordHash(account.id, passwordHash, now);
        // Whoever holds a session may be why the player lost the password: all of them end.
        await deps.sessions.revokeAll(account.id, 'password_reset', tx);
        return deps.sessions.open(account.id, tx, client);
      });
      if (typeof outcome === 'string') throw codeRefused(outcome, 'otp');
      return outcome;
    },

    settle: () => deps.background.settle(),
  };
}
