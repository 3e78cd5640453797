import { bonusErrorCodes, type BonusOverviewResponse, type PlayerBonus } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { BonusTransaction, Ledger } from '../wallet/ledger';
import { formatMoney } from '../wallet/money';
import { bonusRepository, type OfferRow, type PlayerBonusRow } from './bonus-repository';
import { offerView, playerBonusView } from './bonus-view';

/** The daily bonus: once per this long per player (rolling, from the last claim). */
export const dailyCooldownMs = 24 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;
const historyLimit = 10;
/** Who the bonus postings name as their actor. */
export const bonusActor = 'bonus';

export interface BonusServiceDeps {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  logger: Logger;
}

type EndStatus = 'completed' | 'cancelled' | 'expired' | 'lost';

/**
 * The bonus engine (README.md, decision 039). Every change of a player's bonus runs in the
 * ledger's bonus transaction, which holds the player's wallet row lock: claims, grants,
 * conversions and forfeits of one player are serialised with each other and with that
 * player's bets, and each bonus row changes in the same transaction as its money.
 */
export function createBonusService(deps: BonusServiceDeps) {
  const { ledger, clock } = deps;
  const repo = bonusRepository(deps.db);

  const fail = (status: number, code: keyof typeof bonusErrorCodes, message: string) =>
    new AppError(status, bonusErrorCodes[code], message);

  /** Grants an open claim: money into the pocket, wagering terms fixed, expiry from now. */
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
    const updated = await repo.update(tx.db, row.id, ['awaiting_deposit', 'active'], {
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

  /** Ends an open bonus: converts it (completed) or forfeits what is left. */
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
    const updated = await repo.update(tx.db, row.id, ['awaiting_deposit', 'active'], {
      status,
      endedAt: clock.now(),
      convertedAmount: converted,
      forfeitedAmount: forfeited,
    });
    if (!updated) throw new Error(`bonus ${row.id} changed under the wallet lock`);
    return updated;
  }

  /**
   * Brings the player's open bonus up to date: grants a deposit match whose deposit arrived,
   * expires, converts when wagering is met, ends as lost when the pocket is empty and no bet
   * is waiting for its win. Idempotent: run after bets, on reads and by the sweep.
   */
  async function settleIn(tx: BonusTransaction, userId: string): Promise<void> {
    const open = await repo.open(userId, tx.db);
    if (!open) return;
    const now = clock.now();
    if (open.status === 'awaiting_deposit') {
      if (open.expiresAt <= now) {
        await end(tx, open, 'expired');
        return;
      }
      const deposit = await repo.depositSince(userId, open.claimedAt, open.minDeposit ?? 0n, tx.db);
      if (!deposit) return;
      let amount = (deposit.amount * BigInt(open.matchPercent ?? 0)) / 100n;
      if (open.maxBonus !== null && amount > open.maxBonus) amount = open.maxBonus;
      if (amount > 0n) await grant(tx, open, amount, deposit.amount);
      return;
    }
    if (open.expiresAt <= now) {
      await end(tx, open, 'expired');
      return;
    }
    const wagered = await repo.wagered(open.id, tx.db);
    if (wagered >= open.wageringRequired) {
      await end(tx, open, 'completed');
      return;
    }
    if (tx.wallet.bonus === 0n && (await repo.lastKind(open.id, tx.db)) !== 'bet') {
      await end(tx, open, 'lost');
    }
  }

  async function settle(userId: string): Promise<void> {
    await ledger.inBonusTransaction(userId, (tx) => settleIn(tx, userId));
  }

  async function view(row: PlayerBonusRow, offers: Map<string, OfferRow>): Promise<PlayerBonus> {
    const open = row.status === 'active';
    const wagered = open ? await repo.wagered(row.id) : null;
    const pocket = open ? (await ledger.getBalance(row.userId)).bonus : 0n;
    return playerBonusView(row, offers.get(row.offerId), { wagered, pocket });
  }

  async function offersById(): Promise<Map<string, OfferRow>> {
    return new Map((await repo.allOffers()).map((o) => [o.id, o]));
  }

  /** Inserts a claim and, unless it waits for a deposit, grants it: in the caller's tx. */
  async function startClaim(
    tx: BonusTransaction,
    userId: string,
    offer: OfferRow,
    promoCodeId: bigint | null,
  ): Promise<PlayerBonusRow> {
    const now = clock.now();
    const row = await repo.insert(tx.db, {
      userId,
      offerId: offer.id,
      kind: offer.kind,
      promoCodeId,
      status: offer.kind === 'deposit_match' ? 'awaiting_deposit' : 'active',
      amount: 0n,
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
    if (offer.kind === 'deposit_match') return row;
    return grant(tx, row, offer.amount ?? 0n, null);
  }

  function refuseOpen(open: PlayerBonusRow | undefined): void {
    if (open) {
      throw fail(409, 'BONUS_ACTIVE', 'Finish or cancel your current bonus before taking another.');
    }
  }

  return {
    settle,

    async overview(userId: string): Promise<BonusOverviewResponse> {
      await settle(userId);
      const [offers, open, history, claims, wallet] = await Promise.all([
        offersById(),
        repo.open(userId),
        repo.history(userId, historyLimit),
        repo.claims(userId),
        ledger.getBalance(userId),
      ]);
      const now = clock.now();
      const lastDaily = claims
        .filter((c) => c.kind === 'daily')
        .reduce<Date | null>((a, c) => (a === null || c.claimedAt > a ? c.claimedAt : a), null);
      const dailyNext =
        lastDaily !== null && now.getTime() - lastDaily.getTime() < dailyCooldownMs
          ? new Date(lastDaily.getTime() + dailyCooldownMs)
          : null;
      const claimedOnce = new Set(
        claims.filter((c) => c.kind !== 'daily' && c.promoCodeId === null).map((c) => c.offerId),
      );
      const reasonFor = (offer: OfferRow) => {
        if (open) return 'bonus_active' as const;
        if (offer.kind === 'daily') return dailyNext ? ('cooldown' as const) : null;
        return claimedOnce.has(offer.id) ? ('claimed' as const) : null;
      };
      const listed = [...offers.values()]
        .filter((o) => o.enabled && !o.promoOnly)
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
      const featured = listed.find((o) => o.featured && o.kind !== 'daily');
      const daily = listed.find((o) => o.kind === 'daily');
      return {
        featured: featured ? offerView(featured, reasonFor(featured)) : null,
        offers: listed
          .filter((o) => o !== featured && o.kind !== 'daily')
          .map((o) => offerView(o, reasonFor(o))),
        daily: daily
          ? {
              offer: offerView(daily, reasonFor(daily)),
              next_at: dailyNext?.toISOString() ?? null,
            }
          : null,
        active: open ? await view(open, offers) : null,
        history: await Promise.all(history.map((h) => view(h, offers))),
        cash: formatMoney(wallet.balance - wallet.bonus),
        bonus: formatMoney(wallet.bonus),
        now: now.toISOString(),
      };
    },

    async claim(userId: string, offerId: string): Promise<PlayerBonus> {
      const offer = await repo.offer(offerId);
      if (!offer || !offer.enabled || offer.promoOnly) {
        throw fail(404, 'OFFER_NOT_FOUND', 'There is no such offer.');
      }
      const row = await ledger.inBonusTransaction(userId, async (tx) => {
        await settleIn(tx, userId);
        refuseOpen(await repo.open(userId, tx.db));
        const claims = await repo.claims(userId, tx.db);
        const now = clock.now();
        if (offer.kind === 'daily') {
          const last = claims
            .filter((c) => c.kind === 'daily')
            .reduce((a, c) => Math.max(a, c.claimedAt.getTime()), -Infinity);
          if (now.getTime() - last < dailyCooldownMs) {
            const next = new Date(last + dailyCooldownMs).toISOString();
            throw new AppError(
              409,
              bonusErrorCodes.DAILY_COOLDOWN,
              `The daily bonus is next available at ${next}.`,
              [{ path: 'next_at', message: next }],
            );
          }
        } else if (claims.some((c) => c.offerId === offer.id && c.promoCodeId === null)) {
          throw fail(409, 'ALREADY_CLAIMED', 'You have already received this offer.');
        }
        return startClaim(tx, userId, offer, null);
      });
      return view(row, await offersById());
    },

    async activatePromo(userId: string, input: string): Promise<PlayerBonus> {
      const code = input.trim().toUpperCase();
      const promo = await repo.promo(code);
      if (!promo) throw fail(404, 'PROMO_UNKNOWN', 'There is no such promo code.');
      const offer = await repo.offer(promo.offerId);
      if (!offer || !offer.enabled)
        throw fail(404, 'PROMO_UNKNOWN', 'There is no such promo code.');
      const row = await ledger.inBonusTransaction(userId, async (tx) => {
        const claims = await repo.claims(userId, tx.db);
        if (claims.some((c) => c.promoCodeId === promo.id)) {
          throw fail(409, 'PROMO_ALREADY_USED', 'You have already used this promo code.');
        }
        if (promo.expiresAt <= clock.now()) {
          throw fail(409, 'PROMO_EXPIRED', 'This promo code has expired.');
        }
        await settleIn(tx, userId);
        refuseOpen(await repo.open(userId, tx.db));
        if (promo.minDeposit !== null) {
          const deposited = await repo.depositsTotal(userId, tx.db);
          if (deposited < promo.minDeposit) {
            throw fail(
              409,
              'DEPOSIT_REQUIRED',
              `This promo code needs deposits of at least $${formatMoney(promo.minDeposit)}.`,
            );
          }
        }
        // Last: a refusal above must not use up one of the code's uses.
        if (!(await repo.takePromoUse(tx.db, promo.id))) {
          throw fail(409, 'PROMO_USED_UP', 'This promo code has been used up.');
        }
        return startClaim(tx, userId, offer, promo.id);
      });
      return view(row, await offersById());
    },

    async cancel(userId: string, id: bigint): Promise<PlayerBonus> {
      const row = await ledger.inBonusTransaction(userId, async (tx) => {
        await settleIn(tx, userId);
        const current = await repo.byId(userId, id, tx.db);
        if (!current) throw fail(404, 'BONUS_NOT_FOUND', 'There is no such bonus.');
        if (current.status !== 'active' && current.status !== 'awaiting_deposit') {
          throw fail(409, 'BONUS_ENDED', 'This bonus has already ended.');
        }
        return end(tx, current, 'cancelled');
      });
      return view(row, await offersById());
    },

    /** Settles every open bonus that has expired (the periodic sweep). */
    async sweepExpired(limit = 100): Promise<number> {
      const users = await repo.expiredOpen(clock.now(), limit);
      for (const userId of users) await settle(userId);
      return users.length;
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
