import {
  availabilityResponseSchema,
  checkEmailRequestSchema,
  checkUsernameRequestSchema,
  meResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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

  /** An availability check: the shared budget above, `{ available }` for the body's value. */
  const availabilityCheck = <Body extends z.ZodType>(
    path: string,
    summary: string,
    body: Body,
    available: (value: z.output<Body>) => Promise<boolean>,
  ) =>
    app.post(
      path,
      {
        onRequest: availabilityLimit,
        schema: { tags: ['user'], summary, body, response: { 200: availabilityResponseSchema } },
      },
      // The body was validated by the route's schema before the handler runs.
      async (request) => ({ available: await available(request.body as z.output<Body>) }),
    );

  availabilityCheck(
    '/user/check/username',
    'Is this username free? (no account has it, case-insensitively)',
    checkUsernameRequestSchema,
    ({ username }) => service.usernameAvailable(username),
  );
  availabilityCheck(
    '/user/check/email',
    'Is this e-mail free? (no account has it)',
    checkEmailRequestSchema,
    ({ email }) => service.emailAvailable(email),
  );

  return Promise.resolve();
};
