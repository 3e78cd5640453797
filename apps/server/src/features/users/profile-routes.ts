import {
  availabilityResponseSchema,
  checkEmailRequestSchema,
  checkUsernameRequestSchema,
  meResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { privateRoutes } from '../auth';
import type { ProfileService } from './profile-service';

export interface ProfileRoutesOptions {
  service: ProfileService;
  /** Availability checks allowed per IP and minute. */
  availabilityPerMinute: number;
}

/** GET /api/user/me and the availability checks of the registration and settings forms. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = (app, options) => {
  const privateRoute = privateRoutes(app, 'user');
  const { service } = options;
  // The checks answer guests, so they are what an address harvester would call: one
  // budget per IP shared by both checks (one limiter, one store).
  const availabilityLimit = app.rateLimit({
    groupId: 'availability-checks',
    max: options.availabilityPerMinute,
    timeWindow: 60_000,
  });

  privateRoute(
    'GET',
    '/user/me',
    'The signed-in player',
    { response: { 200: meResponseSchema } },
    (player) => service.me(player.id),
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
