import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BonusAdminChange } from '../bonus';
import { changeAudit } from './audit-step';
import { staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * Bonuses in the back office (issue 30, decision 091): `bonuses:manage` (marketing, admin).
 * The bonus feature's service does the work; each change's audit row is written in the
 * change's own transaction (decision 081), a cancel's in the ledger's bonus transaction.
 */
export function bonusAdminRoutes(app: FastifyInstance, s: StaffServices): void {
  const admin = s.bonus.admin;
  const audit = <T>(request: FastifyRequest, action: string, kind: string, reason: string) =>
    changeAudit<BonusAdminChange<T>>(s.clock, request, action, kind, reason);

  staffRoute(app, 'bonuses.offers', async () => ({
    data: await admin.offers(),
  }));
  staffRoute(app, 'bonuses.offers.create', async ({ body, request }, reply) => {
    const offer = await admin.createOffer(
      body,
      audit(request, 'bonuses.offers.create', 'bonus_offer', body.reason),
    );
    return reply.code(201).send(offer);
  });
  staffRoute(app, 'bonuses.offers.update', ({ params, body, request }) =>
    admin.updateOffer(
      params.offerId,
      body,
      audit(request, 'bonuses.offers.update', 'bonus_offer', body.reason),
    ),
  );
  staffRoute(app, 'bonuses.offers.retire', ({ params, body, request }) =>
    admin.retireOffer(
      params.offerId,
      audit(request, 'bonuses.offers.retire', 'bonus_offer', body.reason),
    ),
  );

  staffRoute(app, 'bonuses.promos', async () => ({
    data: await admin.promos(),
  }));
  staffRoute(app, 'bonuses.promos.create', async ({ body, request }, reply) => {
    const promo = await admin.createPromo(
      body,
      audit(request, 'bonuses.promos.create', 'promo_code', body.reason),
    );
    return reply.code(201).send(promo);
  });
  staffRoute(app, 'bonuses.promos.update', ({ params, body, request }) =>
    admin.updatePromo(
      BigInt(params.promoId),
      body,
      audit(request, 'bonuses.promos.update', 'promo_code', body.reason),
    ),
  );
  staffRoute(app, 'bonuses.promos.retire', ({ params, body, request }) =>
    admin.retirePromo(
      BigInt(params.promoId),
      audit(request, 'bonuses.promos.retire', 'promo_code', body.reason),
    ),
  );

  staffRoute(app, 'bonuses.claims', ({ query }) =>
    admin.claims({
      status: query.status,
      offerId: query.offer_id,
      q: query.q,
      page: query.page,
      limit: query.limit,
    }),
  );
  staffRoute(app, 'bonuses.claims.cancel', ({ params, body, request }) =>
    admin.cancelClaim(
      BigInt(params.claimId),
      audit(request, 'bonuses.claims.cancel', 'player', body.reason),
    ),
  );
}
