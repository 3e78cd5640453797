import { accountErrorCodes } from '@casino/contracts';
import { asc, eq } from 'drizzle-orm';
import { ledgerEntries, wallets } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { toDecimalString } from './money';

/** An amount in the export file: the ledger's own unit, three decimals (thousandths), exact. */
export const exportedAmount = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 3, rounding: 'floor' });

/**
 * The balance and every ledger entry are exported. Nothing is erased: the ledger is the
 * record of money moved and stays with the closed account (decision 053). An account closes
 * only with nothing on its balance.
 */
export const walletPersonalData: PersonalDataOwner = {
  name: 'wallet',
  tables: [wallets, ledgerEntries],
  async export(userId, db) {
    const [[wallet], ledger] = await Promise.all([
      db
        .select({
          currency: wallets.currency,
          balance: wallets.balance,
          bonusBalance: wallets.bonusBalance,
        })
        .from(wallets)
        .where(eq(wallets.userId, userId)),
      db
        .select({
          id: ledgerEntries.id,
          kind: ledgerEntries.kind,
          status: ledgerEntries.status,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          bonusAmount: ledgerEntries.bonusAmount,
          currency: ledgerEntries.currency,
          provider: ledgerEntries.provider,
          operation: ledgerEntries.operation,
          gameId: ledgerEntries.gameId,
          roundId: ledgerEntries.roundId,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(asc(ledgerEntries.id)),
    ]);
    return {
      wallet: wallet && {
        currency: wallet.currency,
        balance: exportedAmount(wallet.balance),
        bonus_balance: exportedAmount(wallet.bonusBalance),
      },
      transactions: ledger.map((row) => ({
        id: row.id.toString(),
        kind: row.kind,
        status: row.status,
        amount: exportedAmount(row.amount),
        balance_after: exportedAmount(row.balanceAfter),
        bonus_amount: exportedAmount(row.bonusAmount),
        currency: row.currency,
        provider: row.provider,
        operation: row.operation,
        game_id: row.gameId,
        round_id: row.roundId,
        created_at: exportedTime(row.createdAt),
      })),
    };
  },
  async assertClosable(userId, tx) {
    // Locked: a posting (a bet, a win, a deposit) waits until the closing transaction ends,
    // so the zero seen here is the balance the account closes with.
    const [wallet] = await tx
      .select({ balance: wallets.balance, bonusBalance: wallets.bonusBalance })
      .from(wallets)
      .where(eq(wallets.userId, userId))
      .for('update');
    if (!wallet || wallet.balance === 0n) return;
    const dollars = toDecimalString(wallet.balance, { scale: 2, rounding: 'floor' });
    throw new AppError(
      409,
      accountErrorCodes.CLOSE_BALANCE_NOT_ZERO,
      wallet.bonusBalance > 0n
        ? `Your balance is $${dollars}, part of it bonus money: withdraw the cash and cancel the bonus before closing the account.`
        : `Your balance is $${dollars}: withdraw it before closing the account.`,
    );
  },
};
