import {
  healthResponseSchema,
  livenessResponseSchema,
  readinessResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './health-service';
import { checkReadiness, type ReadinessDeps } from './readiness';

export const healthPath = '/api/health';
export const livenessPath = '/api/health/live';
export const readinessPath = '/api/health/ready';

export interface HealthRoutesOptions {
  service: HealthService;
  readiness: ReadinessDeps;
}

/**
 * GET /api/health: for uptime checks, 503 while the database is down (kept as it was).
 * GET /api/health/live: the process answers (liveness: restart it when this fails).
 * GET /api/health/ready: it should get traffic (readiness: the balancer's check).
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = (app, options) => {
  const { service } = options;
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
  app.get(
    livenessPath,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: livenessResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.send({ status: 'alive' as const });
    },
  );
  app.get(
    readinessPath,
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database up and migrated, Redis connected, not shutting down',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await checkReadiness(options.readiness);
      reply.header('cache-control', 'no-store');
      return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
    },
  );
  return Promise.resolve();
};
