import {
  operatorTwoFactorParamsSchema,
  operatorTwoFactorResetResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorToken } from '../wallet';
import type { TwoFactorService } from '../auth';

export interface TwoFactorResetRoutesOptions {
  twoFactor: TwoFactorService;
  /** OPERATOR_API_TOKEN; the caller registers nothing without it. */
  token: string;
}

/**
 * /api/operator/users/:userId/two-factor/reset (operator token): a player who lost both the
 * authenticator and the recovery codes gets back in once the operator has checked who asks
 * (out of band: the identity check's documents, the e-mail on file). Logged with the player.
 * Beside the identity review (this feature), whose documents are what the operator checks.
 */
export const twoFactorResetRoutes: FastifyPluginAsyncZod<TwoFactorResetRoutesOptions> = (
  app,
  { twoFactor, token },
) => {
  app.post(
    '/operator/users/:userId/two-factor/reset',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: "Turns a player's two-factor sign-in off (a lost authenticator)",
        description:
          'Removes the authenticator and the recovery codes; the player signs in with the ' +
          'password alone and may enrol again. `reset` is false when it was not on.',
        params: operatorTwoFactorParamsSchema,
        response: { 200: operatorTwoFactorResetResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const reset = await twoFactor.reset(userId);
      request.log.warn({ userId, reset }, 'two-factor sign-in reset by the operator');
      return reply.header('cache-control', 'no-store').send({ reset });
    },
  );
  return Promise.resolve();
};
