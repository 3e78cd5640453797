import type { z } from 'zod';
import type { Permission } from './permissions';

/**
 * THE route table of the staff API: the server registers exactly these routes (its scope's
 * one hook checks the session and `permission` from here), the permission tests are
 * generated from it, and the back office types its calls with it.
 *
 * - `permission`: what the caller must hold; `public` (set-up and login: no session yet) or
 *   `session` (any signed-in staff member: their own account and sessions).
 * - `audit`: `change` writes an audit row in the transaction of the change; `read` writes
 *   one for a sensitive read (documents, exports); `none` for other reads.
 * - Schemas: the path parameters, query, body and answers by status. A `text/csv` or
 *   document answer has no response schema.
 */
export type StaffRouteAccess = Permission | 'public' | 'session';

export interface StaffRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's syntax (`:param`), always under /api/operator. */
  path: `/api/operator/${string}`;
  permission: StaffRouteAccess;
  audit: 'change' | 'read' | 'none';
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Partial<Record<200 | 201 | 202 | 204, z.ZodType>>;
}

export const route = <const R extends StaffRoute>(r: R): R => r;
