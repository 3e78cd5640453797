import {
  availabilityResponseSchema,
  checkEmailRequestSchema,
  checkUsernameRequestSchema,
  meResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer, signedInRoutes } from '../auth';
import type { ProfileService } from './profile-service';

export interface ProfileRoutesOptions {
  service: ProfileService;
  /** Availability checks allowed per IP and minute. */
  availabilityPerMinute: number;
}

/** GET /api/user/me and the availability checks of the registration and settings forms. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = (app, options) => {
  const signedIn = signedInRoutes(app, 'user');
  const { service } = options;
  // The checks answer guests, so they are what an address harvester would call: one
  // budget per IP shared by both checks (one limiter, one store).
  const availabilityLimit = app.rateLimit({
    groupId: 'availability-checks',
    max: options.availabilityPerMinute,
    timeWindow: 60_000,
  });

  app.get(
    '/user/me',
    signedIn('The signed-in player', { response: { 200: meResponseSchema } }),
    async (request, reply) => {
      const me = await service.me(requirePlayer(request).id);
      return reply.header('cache-control', 'no-store').send(me);
    },
  );

  app.post(
    '/user/check/username',
    {
      onRequest: availabilityLimit,
      schema: {
        tags: ['user'],
        summary: 'Is this username free? (no account has it, case-insensitively)',
        body: checkUsernameRequestSchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => ({ available: await service.usernameAvailable(request.body.username) }),
  );

  app.post(
    '/user/check/email',
    {
      onRequest: availabilityLimit,
      schema: {
        tags: ['user'],
        summary: 'Is this e-mail free? (no account has it)',
        body: checkEmailRequestSchema,
        response: { 200: availabilityResponseSchema },
      },
    },
    async (request) => ({ available: await service.emailAvailable(request.body.email) }),
  );

  return Promise.resolve();
};
