import {
  authErrorCodes,
  loginRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  tokenResponseSchema,
  twoFactorChallengeResponseSchema,
  twoFactorLoginRequestSchema,
  verifyRequestSchema,
  type TokenResponse,
} from '@casino/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { preferredLanguage } from '../../lib/language';
import { bearerToken, unauthorized } from './authenticate';
import { recordSignIn, sessionClientOf } from './device-cookie';
import type { KnownDevices } from './known-devices';
import type { LoginService } from './login-service';
import { createOriginCheck } from './same-origin';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';
import type { RegistrationService } from './registration-service';
import type { IssuedSession, SessionService } from './session-service';

export interface AuthRoutesOptions {
  registration: RegistrationService;
  login: LoginService;
  sessions: SessionService;
  /** PUBLIC_URL: its origin may call the cookie routes besides the request's own. */
  publicUrl: string | undefined;
  devices: KnownDevices;
}

function tokenBody(issued: IssuedSession): TokenResponse {
  return { access_token: issued.accessToken, token_type: 'Bearer', expires_in: issued.expiresIn };
}

/** Login, verification and a cookie refresh: the refresh token goes in the cookie only. */
function sendWithCookie(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) {
  setRefreshCookie(request, reply, issued.refreshToken, issued.refreshMaxAge);
  // Tokens must never sit in a shared cache (RFC 6749 §5.1).
  return reply.code(201).header('cache-control', 'no-store').send(tokenBody(issued));
}

const noContent = z.null().describe('No content');

// A POST without a body reaches validation as null; the contract allows only "absent".
const refreshBody = z.preprocess((body) => body ?? undefined, refreshRequestSchema);

/** /api/auth/*: registration with an e-mailed code, login, refresh rotation, logout. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = (app, options) => {
  const { registration, login, sessions, devices } = options;
  const sameOrigin = createOriginCheck(options.publicUrl);

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a registration: e-mails a six-digit code (sending again: post again)',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema },
      },
    },
    async (request, reply) => {
      const language = preferredLanguage(request.headers['accept-language']);
      const answer = await registration.register(request.body, language, request.ip);
      return reply.code(201).send(answer);
    },
  );

  app.post(
    '/auth/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a registration with the code: creates the account and signs in',
        body: verifyRequestSchema,
        response: { 201: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const issued = await registration.verify(request.body, sessionClientOf(request));
      // The first browser of a new account: recorded, nobody to warn.
      await recordSignIn(devices, request, reply, issued.userId, false);
      return sendWithCookie(request, reply, issued);
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; the refresh token comes as an httpOnly cookie',
        description:
          '201 with tokens; 200 `{twoFactorRequired: true, challenge, expires_in}` when the ' +
          'account has two-factor sign-in on: the password was right, and ' +
          'POST /auth/login/two-factor with a code finishes the login.',
        body: loginRequestSchema,
        response: { 200: twoFactorChallengeResponseSchema, 201: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const { email, password, acceptTerms } = request.body;
      const outcome = await login.login(
        email,
        password,
        request.ip,
        sessionClientOf(request),
        acceptTerms,
      );
      if (outcome.twoFactor) {
        const { challenge, expiresIn } = outcome.twoFactor;
        return reply
          .code(200)
          .header('cache-control', 'no-store')
          .send({ twoFactorRequired: true as const, challenge, expires_in: expiresIn });
      }
      // A browser this account never signed in from: the player is told by e-mail.
      await recordSignIn(devices, request, reply, outcome.session.userId, true);
      return sendWithCookie(request, reply, outcome.session);
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      schema: {
        tags: ['auth'],
        summary: "Finish a login with two-factor sign-in: the app's code or a recovery code",
        description:
          '401 TWO_FACTOR_CHALLENGE_INVALID when the challenge expired (sign in again); ' +
          '400 TWO_FACTOR_INVALID for a wrong, used or replayed code; 429 after too many.',
        body: twoFactorLoginRequestSchema,
        response: { 201: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const issued = await login.completeTwoFactor(
        challenge,
        code,
        request.ip,
        sessionClientOf(request),
      );
      await recordSignIn(devices, request, reply, issued.userId, true);
      return sendWithCookie(request, reply, issued);
    },
  );

  app.post(
    '/auth/refresh',
    {
      onRequest: sameOrigin,
      schema: {
        tags: ['auth'],
        summary:
          'Rotate the refresh token (cookie, or {token} in the body for clients without cookies)',
        body: refreshBody,
        response: { 201: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      const fromBody = request.body?.token;
      const token = fromBody ?? refreshCookieOf(request);
      // A cookie that failed is of no use any more: the browser drops it with the answer.
      const clearOnFailure = fromBody === undefined;
      if (token === undefined) {
        clearRefreshCookie(request, reply);
        throw new AppError(401, authErrorCodes.REFRESH_INVALID, 'No refresh token was sent.');
      }
      let issued: IssuedSession;
      try {
        issued = await sessions.refresh(token);
      } catch (error) {
        if (clearOnFailure) clearRefreshCookie(request, reply);
        throw error;
      }
      if (fromBody === undefined) return sendWithCookie(request, reply, issued);
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ ...tokenBody(issued), refresh_token: issued.refreshToken });
    },
  );

  app.delete(
    '/auth/logout',
    {
      onRequest: sameOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revokes the session (bearer token, or the refresh cookie alone)',
        security: [{ bearerAuth: [] }],
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      clearRefreshCookie(request, reply);
      let revoked = false;
      const bearer = bearerToken(request.headers.authorization);
      const player = bearer === undefined ? undefined : await sessions.authenticate(bearer);
      if (player) {
        await sessions.revoke(player.sessionId, 'logout');
        revoked = true;
      }
      // The cookie's session too: in one browser it is normally the same one.
      const cookie = refreshCookieOf(request);
      if (cookie !== undefined && (await sessions.revokeByRefreshToken(cookie))) revoked = true;
      if (!revoked) throw unauthorized();
      return reply.code(204).send(null);
    },
  );

  return Promise.resolve();
};
