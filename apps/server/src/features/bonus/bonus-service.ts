import { bonusErrorCodes, type BonusOverviewResponse, type PlayerBonus } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Ledger } from '../wallet';
import { formatMoney } from '../wallet';
import { bonusAdmin } from './bonus-admin';
import { countryEligible, offerWindow, promoWindow } from './bonus-eligibility';
import { bonusLifecycle, forfeitSplit } from './bonus-lifecycle';
import { bonusRepository, type OfferRow, type PlayerBonusRow } from './bonus-repository';
import { offerView, playerBonusView } from './bonus-view';
import { bonusWithdrawals } from './bonus-withdrawal';

/** The daily bonus: once per this long per player (rolling, from the last claim). */
export const dailyCooldownMs = 24 * 60 * 60 * 1000;
const historyLimit = 10;
export { bonusActor } from './bonus-lifecycle';

export interface BonusServiceDeps {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  logger: Logger;
}

/**
 * The bonus engine (README.md, decisions 039 and 062). Every change of a player's bonus runs
 * in the ledger's bonus transaction, which holds the player's wallet row lock: claims, grants,
 * conversions and forfeits of one player are serialised with each other and with that
 * player's bets, and each bonus row changes in the same transaction as its money. A claim
 * while a bonus is open is queued behind it; a withdrawal may forfeit the active one.
 */
export function createBonusService(deps: BonusServiceDeps) {
  const { ledger, clock } = deps;
  const repo = bonusRepository(deps.db);

  const fail = (status: number, code: keyof typeof bonusErrorCodes, message: string) =>
    new AppError(status, bonusErrorCodes[code], message);

  const { end, settleIn, settleOpen, startClaim } = bonusLifecycle(repo, clock);

  async function settle(userId: string): Promise<void> {
    await ledger.inBonusTransaction(userId, (tx) => settleIn(tx, userId));
  }

  async function view(row: PlayerBonusRow, offers: Map<string, OfferRow>): Promise<PlayerBonus> {
    const open = row.status === 'active';
    const wagered = open ? row.wagered : null;
    const pocket = open ? (await ledger.getBalance(row.userId)).bonus : 0n;
    return playerBonusView(row, offers.get(row.offerId), {
      wagered,
      pocket,
      forfeit: open ? forfeitSplit(row, pocket) : null,
    });
  }

  async function offersById(): Promise<Map<string, OfferRow>> {
    return new Map((await repo.allOffers()).map((o) => [o.id, o]));
  }

  return {
    settle,

    /** The back office's offers, promo codes, claims and cancels (decision 091). */
    admin: bonusAdmin({ db: deps.db, ledger, clock, lifecycle: { end, settleIn } }),

    async overview(userId: string): Promise<BonusOverviewResponse> {
      await settle(userId);
      const [offers, open, queued, history, claims, wallet, country] = await Promise.all([
        offersById(),
        repo.open(userId),
        repo.queued(userId),
        repo.history(userId, historyLimit),
        repo.claims(userId),
        ledger.getBalance(userId),
        repo.country(userId),
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
      // An open bonus no longer refuses a claim: the claim queues behind it (decision 062).
      const reasonFor = (offer: OfferRow) => {
        if (offer.kind === 'daily') return dailyNext ? ('cooldown' as const) : null;
        return claimedOnce.has(offer.id) ? ('claimed' as const) : null;
      };
      const queues = open !== undefined;
      // Listed: switched on, not promo-only, inside its schedule, for the player's country.
      const listed = [...offers.values()]
        .filter(
          (o) =>
            o.enabled &&
            !o.promoOnly &&
            offerWindow(o, now) === 'open' &&
            countryEligible(o, country),
        )
        .sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id));
      const featured = listed.find((o) => o.featured && o.kind !== 'daily');
      const daily = listed.find((o) => o.kind === 'daily');
      return {
        featured: featured ? offerView(featured, reasonFor(featured), queues) : null,
        offers: listed
          .filter((o) => o !== featured && o.kind !== 'daily')
          .map((o) => offerView(o, reasonFor(o), queues)),
        daily: daily
          ? {
              offer: offerView(daily, reasonFor(daily), queues),
              next_at: dailyNext?.toISOString() ?? null,
            }
          : null,
        active: open ? await view(open, offers) : null,
        queued: await Promise.all(queued.map((q) => view(q, offers))),
        history: await Promise.all(history.map((h) => view(h, offers))),
        cash: formatMoney(wallet.balance - wallet.bonus),
        bonus: formatMoney(wallet.bonus),
        now: now.toISOString(),
      };
    },

    async claim(userId: string, offerId: string): Promise<PlayerBonus> {
      const offer = await repo.offer(offerId);
      if (
        !offer ||
        !offer.enabled ||
        offer.promoOnly ||
        offerWindow(offer, clock.now()) !== 'open'
      ) {
        throw fail(404, 'OFFER_NOT_FOUND', 'There is no such offer.');
      }
      if (!countryEligible(offer, await repo.country(userId))) {
        throw fail(403, 'NOT_ELIGIBLE', 'This offer is not available in your country.');
      }
      const row = await ledger.inBonusTransaction(userId, async (tx) => {
        await settleIn(tx, userId);
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
      const unknown = () => fail(404, 'PROMO_UNKNOWN', 'There is no such promo code.');
      // A code (or its offer) whose schedule has not begun is not known to players yet.
      if (!promo || promoWindow(promo, clock.now()) === 'before') throw unknown();
      const offer = await repo.offer(promo.offerId);
      if (!offer || !offer.enabled) throw unknown();
      const offerNow = offerWindow(offer, clock.now());
      if (offerNow === 'before') throw unknown();
      if (!countryEligible(offer, await repo.country(userId))) {
        throw fail(403, 'NOT_ELIGIBLE', 'This offer is not available in your country.');
      }
      const row = await ledger.inBonusTransaction(userId, async (tx) => {
        // Under the wallet's row lock: this player's claims of the code cannot race.
        const claims = await repo.claims(userId, tx.db);
        const used = claims.filter((c) => c.promoCodeId === promo.id).length;
        if (used >= promo.maxUsesPerPlayer) {
          throw fail(409, 'PROMO_ALREADY_USED', 'You have already used this promo code.');
        }
        if (promoWindow(promo, clock.now()) === 'after' || offerNow === 'after') {
          throw fail(409, 'PROMO_EXPIRED', 'This promo code has expired.');
        }
        await settleIn(tx, userId);
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
        if (!['queued', 'active', 'awaiting_deposit'].includes(current.status)) {
          throw fail(409, 'BONUS_ENDED', 'This bonus has already ended.');
        }
        const cancelled = await end(tx, current, 'cancelled');
        await settleIn(tx, userId);
        return cancelled;
      });
      return view(row, await offersById());
    },

    /**
     * Cancels every claim of the player that has not ended (queued, awaiting its deposit,
     * active): a self-exclusion (decision 070). Returns the ids cancelled.
     */
    async cancelAllOpen(userId: string): Promise<bigint[]> {
      return ledger.inBonusTransaction(userId, async (tx) => {
        await settleIn(tx, userId);
        const open = await repo.open(userId, tx.db);
        const waiting = await repo.queued(userId, tx.db);
        const ended: bigint[] = [];
        // The queued ones first: ending the open bonus would start the next in the queue.
        for (const row of [...waiting, ...(open ? [open] : [])]) {
          await end(tx, row, 'cancelled');
          ended.push(row.id);
        }
        return ended;
      });
    },

    ...bonusWithdrawals({ ledger, repo, lifecycle: { end, settleIn, settleOpen } }),

    /** Settles every open bonus that has expired (the periodic sweep). */
    async sweepExpired(limit = 100): Promise<number> {
      const users = await repo.expiredOpen(clock.now(), limit);
      for (const userId of users) await settle(userId);
      return users.length;
    },
  };
}

export type BonusService = ReturnType<typeof createBonusService>;
