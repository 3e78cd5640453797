import { closeAccountRequestSchema, closeAccountResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateRoutes, requirePlayer, signedInRoutes } from '../auth';
import { clearRefreshCookie } from '../auth';
import type { PrivacyService } from './privacy-service';

export interface PrivacyRoutesOptions {
  service: PrivacyService;
}

/** GET /api/user/export and POST /api/user/close (bearer). */
export const privacyRoutes: FastifyPluginAsyncZod<PrivacyRoutesOptions> = (app, { service }) => {
  const signedIn = signedInRoutes(app, 'user');
  const privateRoute = privateRoutes(app, 'user');
  app.get(
    '/user/export',
    signedIn('Everything stored about the player, as a JSON file to download', {
      description:
        'Profile, terms accepted, sessions, wallet, ledger transactions, payments, bonuses, ' +
        'identity check (documents listed, not included), chat and support messages.',
    }),
    async (request, reply) => {
      const player = requirePlayer(request);
      const { data } = await service.exportData(player.id);
      const day = new Date().toISOString().slice(0, 10);
      request.log.info({ userId: player.id }, 'player data exported');
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="orbita-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(JSON.stringify(data, null, 2));
    },
  );

  privateRoute(
    'POST',
    '/user/close',
    'Closes the account for good (password again); every session ends',
    {
      description:
        '409 ACCOUNT_CLOSE_BALANCE_NOT_ZERO while money is on the balance, 409 ' +
        'ACCOUNT_CLOSE_WITHDRAWAL_PENDING while a withdrawal is on its way, 400 WRONG_PASSWORD. ' +
        'With two-factor sign-in on, `twoFactorCode` is required (403 TWO_FACTOR_REQUIRED, ' +
        '400 TWO_FACTOR_INVALID). ' +
        'The ledger is kept; name, e-mail, date of birth, avatar and identity documents are ' +
        'removed (docs/decisions/053).',
      body: closeAccountRequestSchema,
      response: { 200: closeAccountResponseSchema },
    },
    async (player, request, reply) => {
      const closedAt = await service.close(player, request.body, request.ip);
      clearRefreshCookie(request, reply);
      return { closed_at: closedAt.toISOString() };
    },
  );
  return Promise.resolve();
};
