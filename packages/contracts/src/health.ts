import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nonnegative().optional(),
  }),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * GET /api/health/ready: 200 when this instance should get traffic, else 503 with the checks
 * that failed. A load balancer or Kubernetes readiness probe reads only the status code.
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.object({
    // unchecked: shutting down, answered without asking the database.
    database: z.enum(['up', 'down', 'unchecked']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    redis: z.enum(['up', 'down', 'unused']),
    shutdown: z.enum(['running', 'shutting-down']),
  }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

/** GET /api/health/live: the process answers (a liveness probe restarts it when not). */
export const livenessResponseSchema = z.object({ status: z.literal('alive') });
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;
