import { paymentsErrorCodes } from '@casino/contracts';
import { AppError } from '../../lib/errors';
import type { BonusTransaction, Ledger } from '../wallet';
import { formatMoney } from '../wallet';
import { forfeitSplit, type EndStatus } from './bonus-lifecycle';
import type { BonusRepository, PlayerBonusRow } from './bonus-repository';

/** What the player confirmed: the bonus and the total the warning showed (thousandths). */
export interface ForfeitConfirmation {
  bonusId: string;
  total: bigint;
}

interface Deps {
  ledger: Ledger;
  repo: BonusRepository;
  lifecycle: {
    end(tx: BonusTransaction, row: PlayerBonusRow, status: EndStatus): Promise<PlayerBonusRow>;
    settleIn(tx: BonusTransaction, userId: string): Promise<void>;
    settleOpen(tx: BonusTransaction, userId: string, open: PlayerBonusRow): Promise<void>;
  };
}

/**
 * A withdrawal while a bonus is active (decision 062): the player's own cash may always leave.
 * Without the player's confirmation of what is forfeited (the bonus and its winnings, the
 * amounts the warning showed) nothing moves and the answer carries those amounts; with it,
 * one transaction under the wallet lock forfeits the pocket (the ledger's bonus_forfeit, as a
 * cancel does), debits the withdrawal and starts the next queued bonus: all or nothing, with
 * no bet or win of the player between them.
 */
export function bonusWithdrawals({ ledger, repo, lifecycle }: Deps) {
  function notConfirmed(row: PlayerBonusRow, pocket: bigint, changed: boolean): AppError {
    const split = forfeitSplit(row, pocket);
    const amounts =
      `its $${formatMoney(split.bonus)} of bonus money and the $${formatMoney(split.winnings)} ` +
      `won with it ($${formatMoney(split.total)} in all)`;
    return new AppError(
      409,
      paymentsErrorCodes.WITHDRAWAL_BONUS_ACTIVE,
      changed
        ? `Your bonus changed since the warning: withdrawing now forfeits ${amounts}. Confirm again to withdraw.`
        : `You have an active bonus: withdrawing now forfeits ${amounts}. Confirm to withdraw.`,
      [
        { path: 'bonus_id', message: row.id.toString() },
        { path: 'bonus', message: formatMoney(split.bonus) },
        { path: 'winnings', message: formatMoney(split.winnings) },
        { path: 'total', message: formatMoney(split.total) },
      ],
    );
  }

  return {
    /**
     * Runs `withdraw` (the cashier's debit, in the same transaction) after forfeiting the
     * active bonus if `confirmation` names it and its current total; 409
     * WITHDRAWAL_BONUS_ACTIVE with the amounts otherwise. No active bonus: just `withdraw`.
     */
    async withdrawForfeiting<T>(
      userId: string,
      confirmation: ForfeitConfirmation | undefined,
      withdraw: (tx: BonusTransaction) => Promise<T>,
    ): Promise<T> {
      return ledger.inBonusTransaction(userId, async (tx) => {
        // Brought up to date first (a bonus whose wagering is met becomes cash, not forfeit),
        // but the queue waits until the withdrawal is posted.
        const before = await repo.open(userId, tx.db);
        if (before?.status === 'active') await lifecycle.settleOpen(tx, userId, before);
        const open = await repo.open(userId, tx.db);
        if (open?.status === 'active') {
          // Still the same bonus: its pocket is the wallet's as locked.
          const pocket = tx.wallet.bonus;
          const confirmed =
            confirmation !== undefined &&
            confirmation.bonusId === open.id.toString() &&
            confirmation.total === pocket;
          if (!confirmed) throw notConfirmed(open, pocket, confirmation !== undefined);
          await lifecycle.end(tx, open, 'forfeited');
        }
        const result = await withdraw(tx);
        await lifecycle.settleIn(tx, userId);
        return result;
      });
    },
  };
}
