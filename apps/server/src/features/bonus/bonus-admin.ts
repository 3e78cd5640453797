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
import { AppError, type AppErrorCode } from '../../lib/errors';
import type { Ledger } from '../wallet';
import {
  bonusAdminRepository,
  type ClaimFilter,
  type NewOffer,
  type NewPromo,
} from './bonus-admin-repository';
import {
  offerValues,
  promoValues,
  staffClaimView,
  staffOfferView,
  staffPromoView,
} from './bonus-admin-view';
import type { bonusLifecycle } from './bonus-lifecycle';
import { bonusRepository, type OfferRow, type PromoRow } from './bonus-repository';

/** Claims whose wagering shown follows from their status alone (see `claims`). */
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

/** The row read, or the 404 of its kind. */
async function found<T>(read: Promise<T | undefined>, what: 'offer' | 'promo'): Promise<T> {
  const row = await read;
  if (!row) throw notFound(what);
  return row;
}

/** A create whose unique key `constraint` is taken answers 409 `code`, naming the field. */
async function unlessTaken<T>(
  constraint: string,
  code: AppErrorCode,
  field: { path: string; message: string },
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (uniqueViolation(error) === constraint) {
      throw new AppError(409, code, field.message, [field]);
    }
    throw error;
  }
}

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

  /** How staff edit one kind of row: its locked read, its update and its staff view. */
  interface Editable<Id, Row, Values, Context, View extends { id: string }> {
    /** The row, locked; 404 when there is none. */
    lock(tx: Database, id: Id): Promise<Row>;
    /** The row as updated; 404 when there is none. */
    update(tx: Database, id: Id, values: Values): Promise<Row>;
    /** What the view needs besides the row (read once, in the edit's transaction). */
    context(tx: Database, row: Row): Promise<Context>;
    view(row: Row, context: Context, now: Date): View;
  }
  const offers: Editable<string, OfferRow, Partial<NewOffer>, number, StaffOffer> = {
    lock: (tx, id) => found(admin.offer(tx, id, true), 'offer'),
    update: (tx, id, values) => found(admin.updateOffer(tx, id, values), 'offer'),
    context: (tx, row) => admin.claimsOf(tx, row.id),
    view: staffOfferView,
  };
  const promos: Editable<bigint, PromoRow, Partial<NewPromo>, OfferRow | undefined, StaffPromo> = {
    lock: (tx, id) => found(admin.promo(tx, id, true), 'promo'),
    update: (tx, id, values) => found(admin.updatePromo(tx, id, values), 'promo'),
    context: (tx, row) => admin.offer(tx, row.offerId),
    view: staffPromoView,
  };

  /**
   * One staff edit under the row's lock: `values` (null: nothing to change, and no audit row)
   * from the row as it is, the update, and the audit step's before and after.
   */
  function edit<Id, Row, Values, Context, View extends { id: string }>(
    kind: Editable<Id, Row, Values, Context, View>,
    id: Id,
    audit: InTransaction<BonusAdminChange<View>> | undefined,
    values: (current: Row, now: Date) => Values | null,
  ): Promise<View> {
    return withStep(db, audit, async (tx) => {
      const current = await kind.lock(tx, id);
      const context = await kind.context(tx, current);
      const now = clock.now();
      const before = kind.view(current, context, now);
      const set = values(current, now);
      if (!set) return { result: before };
      const updated = await kind.update(tx, id, set);
      const after = kind.view(updated, context, now);
      return { changed: { target: after.id, before, after }, result: after };
    });
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
      const taken = { path: 'id', message: 'An offer has this id.' };
      return unlessTaken('bonus_offers_pkey', bonusErrorCodes.OFFER_EXISTS, taken, () =>
        withStep(db, audit, async (tx) => {
          const row = await admin.insertOffer(tx, { id: input.id, ...offerValues(input) });
          const after = staffOfferView(row, 0, clock.now());
          return { changed: { target: row.id, before: null, after }, result: after };
        }),
      );
    },

    updateOffer: (
      id: string,
      input: StaffOfferUpdate,
      audit?: InTransaction<BonusAdminChange<StaffOffer>>,
    ): Promise<StaffOffer> => edit(offers, id, audit, () => offerValues(input)),

    /** Switched off: no longer listed or claimable, nor through its codes. Bonuses run on. */
    retireOffer: (
      id: string,
      audit?: InTransaction<BonusAdminChange<StaffOffer>>,
    ): Promise<StaffOffer> =>
      // Retiring a retired offer changes nothing and writes no audit row.
      edit(offers, id, audit, (current) => (current.enabled ? { enabled: false } : null)),

    async promos(): Promise<StaffPromo[]> {
      const [rows, offers] = await Promise.all([admin.promos(), offerMap()]);
      const now = clock.now();
      return rows.map((p) => staffPromoView(p, offers.get(p.offerId), now));
    },

    async createPromo(
      input: StaffPromoCreate,
      audit?: InTransaction<BonusAdminChange<StaffPromo>>,
    ): Promise<StaffPromo> {
      const taken = { path: 'code', message: 'This code already exists.' };
      return unlessTaken('promo_codes_code', bonusErrorCodes.PROMO_EXISTS, taken, () =>
        withStep(db, audit, async (tx) => {
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
        }),
      );
    },

    updatePromo: (
      id: bigint,
      input: StaffPromoUpdate,
      audit?: InTransaction<BonusAdminChange<StaffPromo>>,
    ): Promise<StaffPromo> =>
      // The row lock: a redemption's `uses + 1` waits, so the new limit is checked against
      // the uses as they are.
      edit(promos, id, audit, (current) => {
        if (input.max_uses < current.uses) {
          const message = `Already used ${current.uses} times.`;
          throw new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'max_uses', message }]);
        }
        return promoValues(input);
      }),

    retirePromo: (
      id: bigint,
      audit?: InTransaction<BonusAdminChange<StaffPromo>>,
    ): Promise<StaffPromo> =>
      edit(promos, id, audit, (current, now) =>
        current.retiredAt === null ? { retiredAt: now } : null,
      ),

    async claims(
      filter: ClaimFilter,
    ): Promise<{ data: StaffClaim[]; page: number; has_more: boolean }> {
      const rows = await admin.claims(filter);
      const page = rows.slice(0, filter.limit);
      const active = page.filter((r) => r.claim.status === 'active');
      // Wagering is the claim's running sum (decision 103) for every claim that was ever
      // played with: an ended one (cancelled, lost, expired, forfeited) keeps what was wagered
      // before it ended. A completed one shows the requirement met; one never started has
      // wagered nothing.
      const [offers, pockets] = await Promise.all([
        offerMap(),
        admin.pockets(active.map((r) => r.claim.userId)),
      ]);
      return {
        data: page.map((r) =>
          staffClaimView(r, offers.get(r.claim.offerId), {
            wagered: neverPlayed.has(r.claim.status) ? null : r.claim.wagered,
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
          wagered: current.claim.status === 'active' ? current.claim.wagered : null,
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
