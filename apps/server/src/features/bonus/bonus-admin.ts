import { bonusErrorCodes } from '@casino/contracts';
import type {
  StaffClaim,
  StaffOffer,
  StaffOfferCreate,
  StaffOfferUpdate,
  StaffPromo,
  StaffPromoCreate,
  StaffPromoUpdate,
} from '@casino/contracts/operator';
import type { Database } from '../../db/database';
import { withStep, type InTransaction } from '../../db/in-transaction';
import { uniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Ledger } from '../wallet';
import { bonusAdminRepository, type ClaimFilter } from './bonus-admin-repository';
import {
  offerValues,
  promoValues,
  staffClaimView,
  staffOfferView,
  staffPromoView,
} from './bonus-admin-view';
import type { bonusLifecycle } from './bonus-lifecycle';
import { bonusRepository, type OfferRow } from './bonus-repository';

/** Claims whose wagering is known without the ledger (see `claims`). */
const neverPlayed: ReadonlySet<string> = new Set(['queued', 'awaiting_deposit', 'completed']);

/** What a staff change changed: the audit row's before and after (decision 081). */
export interface BonusAdminChange<T> {
  target: string;
  before: T | null;
  after: T;
}

export interface BonusAdminDeps {
  db: Database;
  ledger: Ledger;
  clock: Clock;
  lifecycle: Pick<ReturnType<typeof bonusLifecycle>, 'end' | 'settleIn'>;
}

const notFound = (what: 'offer' | 'promo' | 'claim') =>
  what === 'offer'
    ? new AppError(404, bonusErrorCodes.OFFER_NOT_FOUND, 'There is no such offer.')
    : what === 'promo'
      ? new AppError(404, bonusErrorCodes.PROMO_UNKNOWN, 'There is no such promo code.')
      : new AppError(404, bonusErrorCodes.BONUS_NOT_FOUND, 'There is no such bonus.');

/**
 * The back office's side of the engine (decision 091): offers and promo codes created,
 * edited, scheduled and retired; claims listed with their wagering; a player's bonus
 * cancelled by staff. Each change runs its audit step in its own transaction (decision 081);
 * a cancel is the engine's own (the pocket forfeited by `bonus_forfeit` under the wallet's
 * lock), with the audit row in that same transaction.
 */
export function bonusAdmin(deps: BonusAdminDeps) {
  const { db, clock, ledger, lifecycle } = deps;
  const admin = bonusAdminRepository(db);
  const engine = bonusRepository(db);

  async function offerMap(): Promise<Map<string, OfferRow>> {
    return new Map((await engine.allOffers()).map((o) => [o.id, o]));
  }

  return {
    async offers(): Promise<StaffOffer[]> {
      const now = clock.now();
      return (await admin.offers()).map((o) => staffOfferView(o, o.claims, now));
    },

    async createOffer(
      input: StaffOfferCreate,
      audit?: InTransaction<BonusAdminChange<StaffOffer>>,
    ): Promise<StaffOffer> {
      try {
        return await withStep(db, audit, async (tx) => {
          const row = await admin.insertOffer(tx, { id: input.id, ...offerValues(input) });
          const after = staffOfferView(row, 0, clock.now());
          return { changed: { target: row.id, before: null, after }, result: after };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'bonus_offers_pkey') {
          throw new AppError(409, bonusErrorCodes.OFFER_EXISTS, 'An offer has this id.', [
            { path: 'id', message: 'An offer has this id.' },
          ]);
        }
        throw error;
      }
    },

    async updateOffer(
      id: string,
      input: StaffOfferUpdate,
      audit?: InTransaction<BonusAdminChange<StaffOffer>>,
    ): Promise<StaffOffer> {
      return withStep(db, audit, async (tx) => {
        const current = await admin.offer(tx, id, true);
        if (!current) throw notFound('offer');
        const claims = await admin.claimsOf(tx, id);
        const updated = await admin.updateOffer(tx, id, offerValues(input));
        if (!updated) throw notFound('offer');
        const now = clock.now();
        const before = staffOfferView(current, claims, now);
        const after = staffOfferView(updated, claims, now);
        return { changed: { target: id, before, after }, result: after };
      });
    },

    /** Switched off: no longer listed or claimable, nor through its codes. Bonuses run on. */
    async retireOffer(
      id: string,
      audit?: InTransaction<BonusAdminChange<StaffOffer>>,
    ): Promise<StaffOffer> {
      return withStep(db, audit, async (tx) => {
        const current = await admin.offer(tx, id, true);
        if (!current) throw notFound('offer');
        const claims = await admin.claimsOf(tx, id);
        const now = clock.now();
        const before = staffOfferView(current, claims, now);
        // Retiring a retired offer changes nothing and writes no audit row.
        if (!current.enabled) return { result: before };
        const updated = await admin.updateOffer(tx, id, { enabled: false });
        if (!updated) throw notFound('offer');
        const after = staffOfferView(updated, claims, now);
        return { changed: { target: id, before, after }, result: after };
      });
    },

    async promos(): Promise<StaffPromo[]> {
      const [rows, offers] = await Promise.all([admin.promos(), offerMap()]);
      const now = clock.now();
      return rows.map((p) => staffPromoView(p, offers.get(p.offerId), now));
    },

    async createPromo(
      input: StaffPromoCreate,
      audit?: InTransaction<BonusAdminChange<StaffPromo>>,
    ): Promise<StaffPromo> {
      try {
        return await withStep(db, audit, async (tx) => {
          const offer = await admin.offer(tx, input.offer_id);
          if (!offer) {
            throw new AppError(400, 'VALIDATION_FAILED', 'There is no such offer.', [
              { path: 'offer_id', message: 'There is no such offer.' },
            ]);
          }
          const row = await admin.insertPromo(tx, {
            code: input.code,
            offerId: offer.id,
            ...promoValues(input),
          });
          const after = staffPromoView(row, offer, clock.now());
          return { changed: { target: after.id, before: null, after }, result: after };
        });
      } catch (error) {
        if (uniqueViolation(error) === 'promo_codes_code') {
          throw new AppError(409, bonusErrorCodes.PROMO_EXISTS, 'This code already exists.', [
            { path: 'code', message: 'This code already exists.' },
          ]);
        }
        throw error;
      }
    },

    async updatePromo(
      id: bigint,
      input: StaffPromoUpdate,
      audit?: InTransaction<BonusAdminChange<StaffPromo>>,
    ): Promise<StaffPromo> {
      return withStep(db, audit, async (tx) => {
        // The row lock: a redemption's `uses + 1` waits, so the new limit is checked against
        // the uses as they are.
        const current = await admin.promo(tx, id, true);
        if (!current) throw notFound('promo');
        if (input.max_uses < current.uses) {
          const message = `Already used ${current.uses} times.`;
          throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'max_uses', message }]);
        }
        const updated = await admin.updatePromo(tx, id, promoValues(input));
        if (!updated) throw notFound('promo');
        const offer = await admin.offer(tx, current.offerId);
        const now = clock.now();
        const before = staffPromoView(current, offer, now);
        const after = staffPromoView(updated, offer, now);
        return { changed: { target: after.id, before, after }, result: after };
      });
    },

    async retirePromo(
      id: bigint,
      audit?: InTransaction<BonusAdminChange<StaffPromo>>,
    ): Promise<StaffPromo> {
      return withStep(db, audit, async (tx) => {
        const current = await admin.promo(tx, id, true);
        if (!current) throw notFound('promo');
        const offer = await admin.offer(tx, current.offerId);
        const now = clock.now();
        const before = staffPromoView(current, offer, now);
        if (current.retiredAt !== null) return { result: before };
        const updated = await admin.updatePromo(tx, id, { retiredAt: now });
        if (!updated) throw notFound('promo');
        const after = staffPromoView(updated, offer, now);
        return { changed: { target: after.id, before, after }, result: after };
      });
    },

    async claims(
      filter: ClaimFilter,
    ): Promise<{ data: StaffClaim[]; page: number; has_more: boolean }> {
      const rows = await admin.claims(filter);
      const page = rows.slice(0, filter.limit);
      const active = page.filter((r) => r.claim.status === 'active');
      // Wagering is read from the ledger for every claim that was ever played with: an ended
      // one (cancelled, lost, expired, forfeited) keeps what was wagered before it ended. A
      // completed one shows the requirement met; one never started has wagered nothing.
      const played = page.filter((r) => !neverPlayed.has(r.claim.status));
      const [offers, pockets, wagered] = await Promise.all([
        offerMap(),
        admin.pockets(active.map((r) => r.claim.userId)),
        Promise.all(
          played.map(async (r) => [r.claim.id, await engine.wagered(r.claim.id)] as const),
        ),
      ]);
      const wageredById = new Map(wagered);
      return {
        data: page.map((r) =>
          staffClaimView(r, offers.get(r.claim.offerId), {
            wagered: wageredById.get(r.claim.id) ?? null,
            pocket: pockets.get(r.claim.userId) ?? 0n,
          }),
        ),
        page: filter.page,
        has_more: rows.length > filter.limit,
      };
    },

    /**
     * Staff cancel a player's bonus: the player's own cancel (the engine's `end`, what is left
     * of the pocket forfeited through `bonus_forfeit`; a queued claim moves nothing), in the
     * ledger's bonus transaction under the wallet's row lock, with the audit row written last
     * in that same transaction. The next queued claim then starts, as after any end.
     */
    async cancelClaim(
      id: bigint,
      audit?: InTransaction<BonusAdminChange<StaffClaim>>,
    ): Promise<StaffClaim> {
      const found = await admin.claim(db, id);
      if (!found) throw notFound('claim');
      const userId = found.claim.userId;
      const offers = await offerMap();
      const offer = offers.get(found.claim.offerId);
      return ledger.inBonusTransaction(userId, async (tx) => {
        // Up to date first: a bonus whose wagering was met converts rather than being cancelled.
        await lifecycle.settleIn(tx, userId);
        const current = await admin.claim(tx.db, id);
        if (!current) throw notFound('claim');
        if (!['queued', 'active', 'awaiting_deposit'].includes(current.claim.status)) {
          throw new AppError(409, bonusErrorCodes.BONUS_ENDED, 'This bonus has already ended.');
        }
        const live = {
          wagered: current.claim.status === 'active' ? await engine.wagered(id, tx.db) : null,
          pocket: tx.wallet.bonus,
        };
        const before = staffClaimView(current, offer, live);
        const ended = await lifecycle.end(tx, current.claim, 'cancelled');
        const after = staffClaimView({ ...current, claim: ended }, offer, live);
        await lifecycle.settleIn(tx, userId);
        if (audit) await audit(tx.db, { target: userId, before, after });
        return after;
      });
    },
  };
}

export type BonusAdmin = ReturnType<typeof bonusAdmin>;
