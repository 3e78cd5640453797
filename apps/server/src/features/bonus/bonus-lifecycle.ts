import type { Clock } from '../../lib/clock';
import type { BonusTransaction } from '../wallet';
import type { BonusRepository, OfferRow, PlayerBonusRow } from './bonus-repository';

const dayMs = 24 * 60 * 60 * 1000;
/** Who the bonus postings name as their actor. */
export const bonusActor = 'bonus';

export type EndStatus = 'completed' | 'cancelled' | 'expired' | 'lost' | 'forfeited';

/**
 * A player's bonus from claim to end, inside the ledger's bonus transaction (the wallet's row
 * lock): each bonus row changes in the same transaction as its money (decision 039), and a
 * claim made while another bonus is open waits as `queued` until that one ends (decision 062).
 */
export function bonusLifecycle(repo: BonusRepository, clock: Clock) {
  /** Grants a claim: money into the pocket, wagering terms fixed, expiry from now. */
  async function grant(
    tx: BonusTransaction,
    row: PlayerBonusRow,
    amount: bigint,
    deposit: bigint | null,
  ): Promise<PlayerBonusRow> {
    const now = clock.now();
    const base = amount + (row.wageringBase === 'bonus_deposit' ? (deposit ?? 0n) : 0n);
    await tx.post({
      operation: 'bonus_grant',
      bonusId: row.id.toString(),
      amount,
      actor: bonusActor,
    });
    const updated = await repo.update(tx.db, row.id, ['queued', 'awaiting_deposit', 'active'], {
      status: 'active',
      amount,
      depositAmount: deposit,
      wageringRequired: BigInt(row.wageringMultiplier) * base,
      activatedAt: now,
      expiresAt: new Date(now.getTime() + row.validDays * dayMs),
    });
    if (!updated) throw new Error(`bonus ${row.id} changed under the wallet lock`);
    return updated;
  }

  /**
   * Ends a bonus: converts it (completed) or forfeits what is left of the pocket through the
   * ledger's bonus_forfeit posting (cancelled, expired, lost, forfeited by a withdrawal). A
   * queued one ends without money: it never had any.
   */
  async function end(
    tx: BonusTransaction,
    row: PlayerBonusRow,
    status: EndStatus,
  ): Promise<PlayerBonusRow> {
    let converted: bigint | null = null;
    let forfeited = 0n;
    if (row.status === 'active') {
      const bonusId = row.id.toString();
      const result =
        status === 'completed'
          ? await tx.post({
              operation: 'bonus_convert',
              bonusId,
              maxCashout: row.maxCashout,
              actor: bonusActor,
            })
          : await tx.post({ operation: 'bonus_forfeit', bonusId, actor: bonusActor });
      const pocket = -result.entry.bonusAmount;
      forfeited = -result.entry.amount;
      if (status === 'completed') converted = pocket - forfeited;
    }
    const updated = await repo.update(tx.db, row.id, ['queued', 'awaiting_deposit', 'active'], {
      status,
      endedAt: clock.now(),
      convertedAmount: converted,
      forfeitedAmount: row.status === 'queued' ? null : forfeited,
    });
    if (!updated) throw new Error(`bonus ${row.id} changed under the wallet lock`);
    return updated;
  }

  /**
   * Starts the oldest queued claim when no bonus is open: a deposit match begins waiting for
   * its deposit (deposits from now on count), anything else is granted at once. Its validity
   * runs from now, not from when it was queued.
   */
  async function startNext(tx: BonusTransaction, userId: string): Promise<void> {
    if (await repo.open(userId, tx.db)) return;
    const next = (await repo.queued(userId, tx.db))[0];
    if (!next) return;
    if (next.kind === 'deposit_match') {
      const now = clock.now();
      const started = await repo.update(tx.db, next.id, ['queued'], {
        status: 'awaiting_deposit',
        claimedAt: now,
        expiresAt: new Date(now.getTime() + next.validDays * dayMs),
      });
      if (!started) throw new Error(`bonus ${next.id} changed under the wallet lock`);
      return;
    }
    await grant(tx, next, next.amount, null);
  }

  /**
   * Brings the player's open bonus up to date: grants a deposit match whose deposit arrived,
   * expires, converts when wagering is met, ends as lost when the pocket is empty and no bet
   * is waiting for its win; then, with none open, starts the next queued claim. Idempotent:
   * run after bets, on reads and by the sweep.
   */
  async function settleIn(tx: BonusTransaction, userId: string): Promise<void> {
    const open = await repo.open(userId, tx.db);
    if (open) await settleOpen(tx, userId, open);
    await startNext(tx, userId);
  }

  async function settleOpen(tx: BonusTransaction, userId: string, open: PlayerBonusRow) {
    const now = clock.now();
    if (open.expiresAt <= now) {
      await end(tx, open, 'expired');
      return;
    }
    if (open.status === 'awaiting_deposit') {
      const deposit = await repo.depositSince(userId, open.claimedAt, open.minDeposit ?? 0n, tx.db);
      if (!deposit) return;
      let amount = (deposit.amount * BigInt(open.matchPercent ?? 0)) / 100n;
      if (open.maxBonus !== null && amount > open.maxBonus) amount = open.maxBonus;
      if (amount > 0n) await grant(tx, open, amount, deposit.amount);
      return;
    }
    // `open` was read under the wallet's row lock, which every bet and refund of the player
    // holds until it commits: its running sum counts every bet so far (decision 103).
    if (open.wagered >= open.wageringRequired) {
      await end(tx, open, 'completed');
      return;
    }
    if (tx.wallet.bonus === 0n && (await repo.lastKind(open.id, tx.db)) !== 'bet') {
      await end(tx, open, 'lost');
    }
  }

  /**
   * Inserts a claim: queued behind an open bonus, else started (a deposit match waits for
   * its deposit, anything else is granted). In the caller's transaction.
   */
  async function startClaim(
    tx: BonusTransaction,
    userId: string,
    offer: OfferRow,
    promoCodeId: bigint | null,
  ): Promise<PlayerBonusRow> {
    const now = clock.now();
    const queue = (await repo.open(userId, tx.db)) !== undefined;
    const row = await repo.insert(tx.db, {
      userId,
      offerId: offer.id,
      kind: offer.kind,
      promoCodeId,
      status: queue ? 'queued' : offer.kind === 'deposit_match' ? 'awaiting_deposit' : 'active',
      // What a free credit or daily bonus will grant; a match's amount comes with its deposit.
      amount: queue && offer.kind !== 'deposit_match' ? (offer.amount ?? 0n) : 0n,
      wageringRequired: 0n,
      wageringMultiplier: offer.wageringMultiplier,
      wageringBase: offer.wageringBase,
      contributions: offer.contributions,
      matchPercent: offer.matchPercent,
      maxBonus: offer.maxBonus,
      minDeposit: offer.minDeposit,
      maxBet: offer.maxBet,
      maxCashout: offer.maxCashout,
      validDays: offer.validDays,
      claimedAt: now,
      expiresAt: new Date(now.getTime() + offer.validDays * dayMs),
    });
    if (queue || offer.kind === 'deposit_match') return row;
    return grant(tx, row, offer.amount ?? 0n, null);
  }

  return { end, settleIn, settleOpen, startNext, startClaim };
}

/**
 * What a withdrawal now would forfeit of an active bonus: the pocket, split into what is left
 * of the bonus itself and the winnings made with it (the pocket above the bonus granted).
 */
export function forfeitSplit(row: PlayerBonusRow, pocket: bigint) {
  const bonus = pocket < row.amount ? pocket : row.amount;
  return { bonus, winnings: pocket - bonus, total: pocket };
}
