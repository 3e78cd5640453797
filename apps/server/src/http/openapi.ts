import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const docsPrefix = '/api/docs';

/**
 * The OpenAPI document is generated from the routes' zod schemas (the same ones that
 * validate requests and serialise responses), so it cannot drift from the code.
 * Must be registered before the routes: it collects them as they are added. servePages
 * (API_DOCS) decides whether /api/docs answers.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  servePages: boolean,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Casino lobby API',
        description: 'HTTP API of the casino and game-lobby server.',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access_token of login, verify or refresh.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // The document is always built (app.swagger() serves tests and tools); the pages only when
  // API_DOCS allows: a production site need not hand out a map of its API (decision 049).
  if (servePages) await app.register(fastifySwaggerUi, { routePrefix: docsPrefix });
}
