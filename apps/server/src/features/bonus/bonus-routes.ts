import {
  bonusClaimRequestSchema,
  bonusIdParamsSchema,
  bonusOverviewResponseSchema,
  playerBonusResponseSchema,
  promoCodeRequestSchema,
  type PlayerBonus,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { limitedPosts, privateRoutes, requirePlayer, signedInRoutes } from '../auth';
import type { RgService } from '../responsible-gaming';
import type { BonusService } from './bonus-service';

export interface BonusRoutesOptions {
  service: BonusService;
  /** No claims or promo codes during a time-out or self-exclusion (403 RG_BLOCKED). */
  responsibleGaming: Pick<RgService, 'assertNotBlocked'>;
}

/** Per client address: far above what a player clicks, below guessing promo codes at speed. */
const claimRateLimit = { max: 30, timeWindow: '1 minute' };

/** /api/bonus/*: the signed-in player's bonus page. Every query is scoped to the caller. */
export const bonusRoutes: FastifyPluginAsyncZod<BonusRoutesOptions> = (
  app,
  { service, responsibleGaming },
) => {
  const signedIn = signedInRoutes(app, 'bonus');
  privateRoutes(app, 'bonus')(
    'GET',
    '/bonus',
    'The bonus page: offers, the daily bonus, the open bonus and its wagering',
    { response: { 200: bonusOverviewResponseSchema } },
    (player) => service.overview(player.id),
  );

  /**
   * The two ways to receive a bonus, one shape: 30 a minute per client address, refused
   * during a time-out or self-exclusion, 201 with the bonus.
   */
  const post = limitedPosts(app, 'bonus', claimRateLimit);
  const receiving = <Body extends z.ZodType>(
    path: string,
    doc: { summary: string; description: string; body: Body },
    receive: (userId: string, body: z.output<Body>) => Promise<PlayerBonus>,
  ) =>
    post(path, doc, { 201: playerBonusResponseSchema }, async (player, body, _request, reply) => {
      await responsibleGaming.assertNotBlocked(player.id, 'bonus');
      const bonus = await receive(player.id, body);
      return reply.code(201).send({ bonus });
    });

  receiving(
    '/bonus/claim',
    {
      summary: 'Receive an offer (or the daily bonus)',
      description:
        '201 with the bonus: active (money in the bonus pocket) or awaiting_deposit (a ' +
        'deposit match, granted on the next deposit of at least its minimum). 404 ' +
        'OFFER_NOT_FOUND; 409 BONUS_ACTIVE (one open bonus at a time), ALREADY_CLAIMED, ' +
        'DAILY_COOLDOWN (fields[0].message is when it is next available); 403 RG_BLOCKED ' +
        'during a time-out or self-exclusion.',
      body: bonusClaimRequestSchema,
    },
    (userId, body) => service.claim(userId, body.offer_id),
  );

  receiving(
    '/bonus/promo',
    {
      summary: 'Activate a promo code (case-insensitive)',
      description:
        '201 with the bonus. 404 PROMO_UNKNOWN; 409 PROMO_EXPIRED, PROMO_USED_UP, ' +
        'PROMO_ALREADY_USED, DEPOSIT_REQUIRED, BONUS_ACTIVE; 403 RG_BLOCKED.',
      body: promoCodeRequestSchema,
    },
    (userId, body) => service.activatePromo(userId, body.code),
  );

  app.post(
    '/bonus/:id/cancel',
    signedIn('Cancel the open bonus: what is left of its money is forfeited, cash stays', {
      description: '200 with the bonus (cancelled). 404 BONUS_NOT_FOUND; 409 BONUS_ENDED.',
      params: bonusIdParamsSchema,
      response: { 200: playerBonusResponseSchema },
    }),
    async (request, reply) => {
      const bonus = await service.cancel(requirePlayer(request).id, BigInt(request.params.id));
      return reply.send({ bonus });
    },
  );
  return Promise.resolve();
};
