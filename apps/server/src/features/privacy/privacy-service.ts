import {
  accountErrorCodes,
  authErrorCodes,
  authFieldMessages,
  type CloseAccountRequest,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { AuthenticatedPlayer, SessionService } from '../auth';
import { verifyPassword } from '../auth';
import { throttleKeys, type AuthThrottle } from '../auth';
import { paymentView } from '../payments';
import type { PaymentRow } from '../payments';
import { toDecimalString } from '../wallet';
import type { TwoFactorService } from '../auth';
import { createPrivacyRepository } from './privacy-repository';

export interface PrivacyServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  sessions: SessionService;
  throttle: AuthThrottle;
  /** Deletes an avatar file (the users feature's store); a missing file is not an error. */
  removeAvatar: (name: string) => Promise<void>;
  /** Deletes the stored bytes of the player's identity documents (the identity feature's). */
  removeDocuments: (userId: string) => Promise<void>;
  /** With two-factor sign-in on, closing asks for a code too (as an e-mail change does). */
  twoFactor?: TwoFactorService;
}

export interface PrivacyService {
  /** Everything stored about the player, as the export file's JSON value. */
  exportData(userId: string): Promise<{ username: string; data: unknown }>;
  /** Closes the account (decision 053); returns when. */
  close(player: AuthenticatedPlayer, request: CloseAccountRequest, ip: string): Promise<Date>;
}

const money = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 3, rounding: 'floor' });
const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The version of the export's layout, for whoever reads the file later. */
export const exportFormatVersion = 1;

export function createPrivacyService(deps: PrivacyServiceDeps): PrivacyService {
  const repository = createPrivacyRepository(deps.db);

  return {
    async exportData(userId) {
      const profile = await repository.profile(userId);
      if (!profile) throw new AppError(401, 'UNAUTHORIZED', 'Sign in again.');
      const [
        terms,
        sessionRows,
        wallet,
        ledger,
        paymentRows,
        bonuses,
        identity,
        chat,
        support,
        twoFactor,
      ] = await Promise.all([
        repository.terms(userId),
        repository.sessions(userId),
        repository.wallet(userId),
        repository.ledger(userId),
        repository.payments(userId),
        repository.bonuses(userId),
        repository.identity(userId),
        repository.chat(userId),
        repository.support(userId),
        repository.twoFactor(userId),
      ]);
      const data = {
        format: 'orbita-player-data',
        version: exportFormatVersion,
        exported_at: deps.clock.now().toISOString(),
        profile: {
          id: profile.id,
          username: profile.username,
          email: profile.email,
          date_of_birth: profile.dateOfBirth,
          has_avatar: profile.avatar !== null,
          created_at: iso(profile.createdAt),
          updated_at: iso(profile.updatedAt),
        },
        terms_acceptances: terms.map((row) => ({
          terms_version: row.termsVersion,
          privacy_version: row.privacyVersion,
          accepted_at: iso(row.acceptedAt),
          ip: row.ip,
        })),
        sessions: sessionRows.map((row) => ({
          signed_in_at: iso(row.createdAt),
          last_used_at: iso(row.lastUsedAt),
          expires_at: iso(row.expiresAt),
          ended_at: iso(row.revokedAt),
          end_reason: row.revokeReason,
          user_agent: row.userAgent,
          ip: row.ip,
        })),
        wallet: wallet && {
          currency: wallet.currency,
          balance: money(wallet.balance),
          bonus_balance: money(wallet.bonusBalance),
        },
        // Amounts in the ledger's own unit, three decimals (thousandths), exact.
        transactions: ledger.map((row) => ({
          id: row.id.toString(),
          kind: row.kind,
          status: row.status,
          amount: money(row.amount),
          balance_after: money(row.balanceAfter),
          bonus_amount: money(row.bonusAmount),
          currency: row.currency,
          provider: row.provider,
          operation: row.operation,
          game_id: row.gameId,
          round_id: row.roundId,
          created_at: iso(row.createdAt),
        })),
        payments: paymentRows.map((row: PaymentRow) => ({
          ...paymentView(row),
          created_at: iso(row.createdAt),
        })),
        bonuses: bonuses.map((row) => ({
          id: row.id.toString(),
          offer_id: row.offerId,
          kind: row.kind,
          status: row.status,
          amount: money(row.amount),
          wagering_required: money(row.wageringRequired),
          claimed_at: iso(row.claimedAt),
          activated_at: iso(row.activatedAt),
        })),
        two_factor: { enabled_at: iso(twoFactor?.enabledAt) },
        identity: {
          status: identity.check?.status ?? 'not_started',
          reason: identity.check?.rejectReason ?? null,
          submitted_at: iso(identity.check?.submittedAt),
          reviewed_at: iso(identity.check?.reviewedAt),
          // The files themselves stay with us: their type, size and fingerprint are listed.
          documents: identity.documents.map((doc) => ({
            kind: doc.kind,
            content_type: doc.contentType,
            size: doc.size,
            sha256: doc.sha256,
            uploaded_at: iso(doc.uploadedAt),
          })),
        },
        chat_messages: chat.map((row) => ({ text: row.body, created_at: iso(row.createdAt) })),
        support_messages: support.map((row) => ({
          author: row.author,
          text: row.body,
          created_at: iso(row.createdAt),
        })),
      };
      return { username: profile.username, data };
    },

    async close(player, request, ip) {
      // Counted before the password is checked, like a password change (AuthThrottle).
      const attempt = await deps.throttle.countAttempt(throttleKeys('password', player.id, ip));
      const profile = await repository.credentials(player.id);
      if (!profile) throw new AppError(401, 'UNAUTHORIZED', 'Sign in again.');
      if (!(await verifyPassword(profile.passwordHash, request.password))) {
        throw new AppError(400, authErrorCodes.WRONG_PASSWORD, 'The password is wrong.', [
          { path: 'password', message: authFieldMessages.wrongPassword },
        ]);
      }
      await deps.throttle.succeeded(attempt);
      // After the password, as at sign-in: a stolen session and password do not close it.
      await deps.twoFactor?.requireCode(player.id, request.twoFactorCode, ip, 'twoFactorCode');

      const now = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        const repo = createPrivacyRepository(tx);
        // Locked: a posting (a bet, a win, a deposit) waits until this transaction ends, so
        // the zero seen here is the balance the account closes with.
        const wallet = await repo.lockWallet(player.id);
        if (wallet && wallet.balance !== 0n) {
          const dollars = toDecimalString(wallet.balance, { scale: 2, rounding: 'floor' });
          throw new AppError(
            409,
            accountErrorCodes.CLOSE_BALANCE_NOT_ZERO,
            wallet.bonusBalance > 0n
              ? `Your balance is $${dollars}, part of it bonus money: withdraw the cash and cancel the bonus before closing the account.`
              : `Your balance is $${dollars}: withdraw it before closing the account.`,
          );
        }
        if ((await repo.withdrawalsUnderway(player.id)) > 0) {
          throw new AppError(
            409,
            accountErrorCodes.CLOSE_WITHDRAWAL_PENDING,
            'A withdrawal is still on its way: close the account once it is paid or cancelled.',
          );
        }
        await repo.pseudonymise(player.id, now);
        await deps.sessions.revokeAll(player.id, 'account_closed', tx);
      });
      if (profile.avatar !== null) {
        await deps.removeAvatar(profile.avatar).catch((error: unknown) => {
          deps.logger.warn({ userId: player.id, error }, 'avatar of a closed account not removed');
        });
      }
      await deps.removeDocuments(player.id).catch((error: unknown) => {
        deps.logger.warn({ userId: player.id, error }, 'documents of a closed account not removed');
      });
      deps.logger.info({ userId: player.id }, 'account closed');
      return now;
    },
  };
}
