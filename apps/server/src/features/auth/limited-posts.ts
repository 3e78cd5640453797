import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requirePlayer, signedInRoutes } from './authenticate';
import type { AuthenticatedPlayer } from './session-service';

/** What a limited submission documents: its summary, its description and its body's schema. */
export interface SubmissionDoc<Body extends z.ZodType> {
  summary: string;
  description: string;
  body: Body;
}

/**
 * A player's POSTs that create something (a payment, a bonus): signed in (signedInRoutes),
 * each limited to `rateLimit` per client address. The handler gets the player and the
 * validated body, and answers with its own status.
 */
export function limitedPosts(
  app: FastifyInstance,
  tag: string,
  rateLimit: { max: number; timeWindow: string },
) {
  const signedIn = signedInRoutes(app, tag);
  return <Body extends z.ZodType>(
    path: string,
    doc: SubmissionDoc<Body>,
    response: Record<number, z.ZodType>,
    handle: (
      player: AuthenticatedPlayer,
      body: z.output<Body>,
      request: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ) =>
    app.post(
      path,
      {
        ...signedIn(doc.summary, { description: doc.description, body: doc.body, response }),
        config: { rateLimit },
      },
      // The body was validated by the route's schema before the handler runs.
      (request, reply) =>
        handle(requirePlayer(request), request.body as z.output<Body>, request, reply),
    );
}
