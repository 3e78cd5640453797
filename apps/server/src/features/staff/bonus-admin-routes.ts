import type { FastifyInstance } from 'fastify';
import { auditedRoutes } from './audit-step';
import { staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * Bonuses in the back office (issue 30, decision 091): `bonuses:manage` (marketing, admin).
 * The bonus feature's service does the work; each change's audit row is written in the
 * change's own transaction (decision 081), a cancel's in the ledger's bonus transaction.
 */
export function bonusAdminRoutes(app: FastifyInstance, s: StaffServices): void {
  const admin = s.bonus.admin;
  const audited = auditedRoutes(app, s.clock);

  staffRoute(app, 'bonuses.offers', async () => ({
    data: await admin.offers(),
  }));
  audited('bonuses.offers.create', 'bonus_offer', async ({ body }, audit, reply) =>
    reply.code(201).send(await admin.createOffer(body, audit)),
  );
  audited('bonuses.offers.update', 'bonus_offer', ({ params, body }, audit) =>
    admin.updateOffer(params.offerId, body, audit),
  );
  audited('bonuses.offers.retire', 'bonus_offer', ({ params }, audit) =>
    admin.retireOffer(params.offerId, audit),
  );

  staffRoute(app, 'bonuses.promos', async () => ({
    data: await admin.promos(),
  }));
  audited('bonuses.promos.create', 'promo_code', async ({ body }, audit, reply) =>
    reply.code(201).send(await admin.createPromo(body, audit)),
  );
  audited('bonuses.promos.update', 'promo_code', ({ params, body }, audit) =>
    admin.updatePromo(BigInt(params.promoId), body, audit),
  );
  audited('bonuses.promos.retire', 'promo_code', ({ params }, audit) =>
    admin.retirePromo(BigInt(params.promoId), audit),
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
  audited('bonuses.claims.cancel', 'player', ({ params }, audit) =>
    admin.cancelClaim(BigInt(params.claimId), audit),
  );
}
