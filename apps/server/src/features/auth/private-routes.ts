import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { requirePlayer, signedInRoutes } from './authenticate';
import type { AuthenticatedPlayer } from './session-service';

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a private route declares beyond its summary: the schema's parts it may have. */
export interface PrivateRouteSchema<Params, Body, Answer extends z.ZodType, Query = undefined> {
  description?: string;
  params?: Params;
  querystring?: Query;
  body?: Body;
  /** The answer's schema under its one status (200, or 201 for something created). */
  response: { 200: Answer } | { 201: Answer };
}

/** The request as its schema validated it. */
type Validated<Params, Body, Query> = FastifyRequest<{
  Params: Parsed<Params>;
  Querystring: Parsed<Query>;
  Body: Parsed<Body>;
}>;

/** A private route's work: the signed-in player and the validated request in, the body out. */
export type PrivateAnswer<Params, Body, Answer extends z.ZodType, Query = undefined> = (
  player: AuthenticatedPlayer,
  request: Validated<Params, Body, Query>,
  reply: FastifyReply,
) => Promise<z.input<Answer>>;

/**
 * Routes whose answer is the signed-in player's own data (signedInRoutes' hook, tag and
 * `bearerAuth`), sent with `cache-control: no-store` so no cache keeps it, under the one
 * status its schema names. The route's handler only says what the answer is.
 */
export function privateRoutes(app: FastifyInstance, tag: string) {
  const signedIn = signedInRoutes(app, tag);
  return <
    Params = undefined,
    Body = undefined,
    Answer extends z.ZodType = z.ZodType,
    Query = undefined,
  >(
    method: 'GET' | 'POST',
    url: string,
    summary: string,
    schema: PrivateRouteSchema<Params, Body, Answer, Query>,
    answer: PrivateAnswer<Params, Body, Answer, Query>,
  ) => {
    const status = 201 in schema.response ? 201 : 200;
    app.route({
      method,
      url,
      ...signedIn(summary, schema),
      handler: async (request, reply) => {
        // Validated by the route's schema before the handler runs.
        const validated = request as Validated<Params, Body, Query>;
        const body = await answer(requirePlayer(request), validated, reply);
        return reply.code(status).header('cache-control', 'no-store').send(body);
      },
    });
  };
}
