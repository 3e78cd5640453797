import { authErrorCodes, authFieldMessages, type CloseAccountRequest } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { AfterErase, PersonalDataOwner } from '../../lib/personal-data';
import type { AuthenticatedPlayer, SessionService } from '../auth';
import { createAccountRepository, verifyPassword } from '../auth';
import { throttleKeys, type AuthThrottle } from '../auth';
import type { TwoFactorService } from '../auth';

export interface PrivacyServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  sessions: SessionService;
  throttle: AuthThrottle;
  /** Every feature holding personal data, in the export file's order (personal-data-owners). */
  owners: readonly PersonalDataOwner[];
  /** With two-factor sign-in on, closing asks for a code too (as an e-mail change does). */
  twoFactor?: TwoFactorService;
}

export interface PrivacyService {
  /** Everything stored about the player, as the export file's JSON value. */
  exportData(userId: string): Promise<{ username: string; data: unknown }>;
  /** Closes the account (decision 053); returns when. */
  close(player: AuthenticatedPlayer, request: CloseAccountRequest, ip: string): Promise<Date>;
}

/** The version of the export's layout, for whoever reads the file later. */
export const exportFormatVersion = 1;

export function createPrivacyService(deps: PrivacyServiceDeps): PrivacyService {
  const accounts = createAccountRepository(deps.db);

  return {
    async exportData(userId) {
      const account = await accounts.findById(userId);
      if (!account) throw new AppError(401, 'UNAUTHORIZED', 'Sign in again.');
      const sections = await Promise.all(
        deps.owners.map((owner) => owner.export?.(userId, deps.db) ?? Promise.resolve({})),
      );
      const data = Object.assign(
        {
          format: 'orbita-player-data',
          version: exportFormatVersion,
          exported_at: deps.clock.now().toISOString(),
        },
        ...sections,
      ) as Record<string, unknown>;
      return { username: account.username, data };
    },

    async close(player, request, ip) {
      // Counted before the password is checked, like a password change (AuthThrottle).
      const attempt = await deps.throttle.countAttempt(throttleKeys('password', player.id, ip));
      const account = await accounts.findById(player.id);
      if (!account) throw new AppError(401, 'UNAUTHORIZED', 'Sign in again.');
      if (!(await verifyPassword(account.passwordHash, request.password))) {
        throw new AppError(400, authErrorCodes.WRONG_PASSWORD, 'The password is wrong.', [
          { path: 'password', message: authFieldMessages.wrongPassword },
        ]);
      }
      await deps.throttle.succeeded(attempt);
      // After the password, as at sign-in: a stolen session and password do not close it.
      await deps.twoFactor?.requireCode(player.id, request.twoFactorCode, ip, 'twoFactorCode');

      const now = deps.clock.now();
      const afterwards = await deps.db.transaction(async (tx) => {
        // Every check before any erasure: the wallet's locks the balance until the commit.
        for (const owner of deps.owners) await owner.assertClosable?.(player.id, tx);
        const after: { owner: string; run: AfterErase }[] = [];
        for (const owner of deps.owners) {
          const run = await owner.erase?.(player.id, tx, now);
          if (run) after.push({ owner: owner.name, run });
        }
        await deps.sessions.revokeAll(player.id, 'account_closed', tx);
        return after;
      });
      // Files and stores outside the transaction (the avatar, the documents' bytes).
      for (const { owner, run } of afterwards) {
        await run().catch((error: unknown) => {
          deps.logger.warn(
            { userId: player.id, owner, error },
            'data of a closed account not removed',
          );
        });
      }
      deps.logger.info({ userId: player.id }, 'account closed');
      return now;
    },
  };
}
