import { healthResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health-service';

export const healthPath = '/api/health';

export interface HealthRoutesOptions {
  service: HealthService;
}

/** GET /api/health: for load balancers and uptime checks; 503 while the database is down. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = (app, { service }) => {
  app.get(
    healthPath,
    {
      schema: {
        tags: ['health'],
        summary: 'Server and database health',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const health = await service.check();
      reply.header('cache-control', 'no-store');
      return reply.code(health.status === 'ok' ? 200 : 503).send(health);
    },
  );
  return Promise.resolve();
};
