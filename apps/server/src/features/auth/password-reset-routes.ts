import {
  passwordResetConfirmSchema,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  tokenResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferredLanguage } from '../../lib/language';
import { recordSignIn, sessionClientOf } from './device-cookie';
import type { KnownDevices } from './known-devices';
import type { PasswordResetService } from './password-reset-service';
import { setRefreshCookie } from './refresh-cookie';

export interface PasswordResetRoutesOptions {
  passwordReset: PasswordResetService;
  devices: KnownDevices;
}

/**
 * Per IP and minute, in memory: a cheap guard against mass mailing and code guessing across
 * many addresses. The limits that matter hold in the database for every instance: the resend
 * limits per address and five wrong tries per code.
 */
const requestLimit = { max: 10, timeWindow: 60_000 };
const confirmLimit = { max: 20, timeWindow: 60_000 };

/** POST /api/auth/password-reset and /password-reset/confirm: "forgot password". */
export const passwordResetRoutes: FastifyPluginAsyncZod<PasswordResetRoutesOptions> = (
  app,
  { passwordReset, devices },
) => {
  app.post(
    '/auth/password-reset',
    {
      config: { rateLimit: requestLimit },
      schema: {
        tags: ['auth'],
        summary:
          'Forgot password: e-mails a code if an account has the address (same answer if not)',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const language = preferredLanguage(request.headers['accept-language']);
      const answer = await passwordReset.request(request.body.email, language);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    {
      config: { rateLimit: confirmLimit },
      schema: {
        tags: ['auth'],
        summary: 'The code and a new password: ends every session, then signs in here',
        body: passwordResetConfirmSchema,
        response: { 201: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const issued = await passwordReset.confirm(request.body, sessionClientOf(request));
      // The mailbox was just proved: the browser is recorded without a warning.
      await recordSignIn(devices, request, reply, issued.userId, false);
      setRefreshCookie(request, reply, issued.refreshToken, issued.refreshMaxAge);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({
          access_token: issued.accessToken,
          token_type: 'Bearer' as const,
          expires_in: issued.expiresIn,
        });
    },
  );

  return Promise.resolve();
};
