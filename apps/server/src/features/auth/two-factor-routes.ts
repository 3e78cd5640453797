import {
  recoveryCodesResponseSchema,
  statusResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer, signedInRoutes } from './authenticate';
import { privateRoutes } from './private-routes';
import type { TwoFactorService } from './two-factor-service';

export interface TwoFactorRoutesOptions {
  twoFactor: TwoFactorService;
}

/**
 * /api/user/two-factor/*: the signed-in player's own authenticator (docs/decisions/051).
 * Secrets and recovery codes are answered with `no-store`: they must not sit in a cache.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesOptions> = (app, options) => {
  const signedIn = signedInRoutes(app, 'user');
  const privateRoute = privateRoutes(app, 'user');
  const { twoFactor } = options;

  privateRoute(
    'GET',
    '/user/two-factor',
    'Is two-factor sign-in on, and how many recovery codes are left',
    { response: { 200: twoFactorStatusSchema } },
    (player) => twoFactor.status(player.id),
  );

  privateRoute(
    'POST',
    '/user/two-factor/setup',
    'Start enrolment: a new secret and its otpauth:// URI (nothing enforced yet)',
    {
      description: '409 TWO_FACTOR_ALREADY_ENABLED while it is on.',
      response: { 200: twoFactorSetupResponseSchema },
    },
    (player) => twoFactor.startEnrolment(player.id),
  );

  // Both answer ten recovery codes, shown once, for a code: the app's first one turns it on;
  // a later one (or a recovery code) replaces the old recovery codes.
  const recoveryCodeRoutes = [
    {
      path: '/user/two-factor/confirm',
      summary: "Turn it on with the app's first code; answers ten recovery codes, shown once",
      issue: 'confirmEnrolment',
    },
    {
      path: '/user/two-factor/recovery-codes',
      summary: 'Ten new recovery codes for a code; the old ones stop working',
      issue: 'regenerateRecoveryCodes',
    },
  ] as const;
  for (const { path, summary, issue } of recoveryCodeRoutes) {
    privateRoute(
      'POST',
      path,
      summary,
      { body: twoFactorCodeRequestSchema, response: { 200: recoveryCodesResponseSchema } },
      async (player, request) => ({
        recovery_codes: await twoFactor[issue](player.id, request.body.code, request.ip),
      }),
    );
  }

  app.post(
    '/user/two-factor/disable',
    signedIn('Turn it off: the password and a code (app or recovery)', {
      body: twoFactorDisableRequestSchema,
      response: { 200: statusResponseSchema },
    }),
    async (request) => {
      const { password, code } = request.body;
      await twoFactor.disable(requirePlayer(request).id, password, code, request.ip);
      return { status: 'updated' as const };
    },
  );

  return Promise.resolve();
};
