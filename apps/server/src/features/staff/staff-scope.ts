import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { ErrorCode } from '@casino/contracts';
import {
  serviceAccountPermissions,
  staffErrorCodes,
  staffPolicy,
  staffRoutes,
  type StaffRouteId,
} from '@casino/contracts/operator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { createOriginCheck } from '../auth/same-origin';
import { serviceActorId, type StaffActor, type StaffContext } from './staff-actor';
import type { StaffAuthService } from './staff-auth-service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The row of the staff route table (@casino/contracts/operator) this route serves. */
    staffRoute?: StaffRouteId;
  }
  interface FastifyRequest {
    /** The staff member or service account of a /api/operator request (after the hook). */
    staff: StaffActor | null;
  }
}

export interface StaffScopeOptions {
  auth: StaffAuthService;
  /** OPERATOR_API_TOKEN: the service account's bearer token. */
  serviceToken: string | undefined;
  /** BACKOFFICE_ALLOWED_IPS parsed; undefined lets every address in. */
  allowedIps: BlockList | undefined;
  publicUrl: string | undefined;
  backofficeOrigin: string | undefined;
}

/** "10.0.0.0/8, 2001:db8::/32" → a BlockList (a CIDR list for `check`); throws on a bad entry. */
export function parseCidrList(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    const max = type === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (
      !type ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (bits !== undefined && !/^\d+$/.test(bits))
    ) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

function allowedAddress(list: BlockList, ip: string): boolean {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return list.check(v4, 'ipv4');
  return isIPv4(ip) ? list.check(ip, 'ipv4') : isIPv6(ip) ? list.check(ip, 'ipv6') : false;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const unauthorized = () =>
  new AppError(401, ErrorCode.UNAUTHORIZED, 'Sign in to the back office to continue.');

export function serviceActor(): StaffActor {
  return {
    kind: 'service',
    id: serviceActorId,
    email: null,
    roles: [],
    permissions: new Set(serviceAccountPermissions),
    sessionId: null,
    sessionExpiresAt: null,
  };
}

/**
 * The one check of every staff route, declared once for the scope (an onRequest hook, before
 * the body is read): the address allow-list, then who is asking (the staff cookie, or the
 * service account's bearer token; a player's token is neither), then the permission the
 * route table names for this route. A route registered without a table row is refused.
 */
export function addStaffGuard(app: FastifyInstance, options: StaffScopeOptions): void {
  const originCheck = createOriginCheck(options.backofficeOrigin ?? options.publicUrl);
  app.decorateRequest('staff', null);
  if (options.backofficeOrigin !== undefined) allowBackofficeOrigin(app, options.backofficeOrigin);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') return;
    if (options.allowedIps && !allowedAddress(options.allowedIps, request.ip)) {
      throw new AppError(
        403,
        staffErrorCodes.STAFF_IP_REFUSED,
        'This address may not use the back office.',
      );
    }
    const id = request.routeOptions.config.staffRoute;
    const row = id === undefined ? undefined : staffRoutes[id];
    if (!row) throw new AppError(403, ErrorCode.FORBIDDEN, 'This route has no permission.');
    if (row.method !== 'GET') await originCheck(request);
    if (row.permission === 'public') return;
    request.staff = await identify(request, options);
    if (!request.staff) throw unauthorized();
    const actor = request.staff;
    if (row.permission === 'session') {
      if (actor.kind === 'service' && id !== 'auth.me') {
        throw new AppError(403, ErrorCode.FORBIDDEN, 'The service account has no session.');
      }
      return;
    }
    if (!actor.permissions.has(row.permission)) {
      throw new AppError(403, ErrorCode.FORBIDDEN, `This needs the permission ${row.permission}.`);
    }
  });
}

/**
 * BACKOFFICE_ORIGIN on another origin than the API's: its calls are cross-origin, so they get
 * CORS answers with credentials for that one origin (and a preflight), nothing for others.
 */
function allowBackofficeOrigin(app: FastifyInstance, origin: string): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('vary', 'Origin');
    if (request.headers.origin === origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
    }
    done();
  });
  app.options('/api/operator/*', { schema: { hide: true } }, (request, reply) => {
    if (request.headers.origin !== origin) return reply.code(404).send();
    return reply
      .header('access-control-allow-methods', 'GET, POST, PUT, DELETE')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .code(204)
      .send();
  });
}

async function identify(
  request: FastifyRequest,
  options: StaffScopeOptions,
): Promise<StaffActor | null> {
  const header = request.headers.authorization;
  if (header !== undefined) {
    // A bearer token here is the service account's or nothing (a player's is refused).
    const given = header.length > 4096 ? undefined : /^Bearer +(\S+)\s*$/i.exec(header.trim())?.[1];
    if (given === undefined || options.serviceToken === undefined) return null;
    return sameSecret(given, options.serviceToken) ? serviceActor() : null;
  }
  const cookie = request.cookies[staffPolicy.cookieName];
  if (cookie === undefined) return null;
  return (await options.auth.authenticate(cookie)) ?? null;
}

/** The actor, IP and user agent of a request behind the guard. */
export function contextOf(request: FastifyRequest): StaffContext {
  if (!request.staff) throw unauthorized();
  const ua = request.headers['user-agent'];
  return { actor: request.staff, ip: request.ip, userAgent: typeof ua === 'string' ? ua : null };
}

type Row<Id extends StaffRouteId> = (typeof staffRoutes)[Id];
type Part<Id extends StaffRouteId, K extends string> =
  Row<Id> extends Record<K, infer S extends z.ZodType> ? z.output<S> : undefined;

/** What a handler gets: the request's parts typed from the route table's schemas. */
export interface StaffRequest<Id extends StaffRouteId> {
  params: Part<Id, 'params'>;
  query: Part<Id, 'querystring'>;
  body: Part<Id, 'body'>;
  request: FastifyRequest;
}

/**
 * Registers one row of the route table: its method, path and schemas come from the table, so
 * the server cannot serve a route the table (and the permission tests) do not know.
 */
export function staffRoute<Id extends StaffRouteId>(
  app: FastifyInstance,
  id: Id,
  handler: (input: StaffRequest<Id>, reply: FastifyReply) => Promise<unknown>,
): void {
  const row: Row<Id> = staffRoutes[id];
  const schema: Record<string, unknown> = {
    tags: ['operator'],
    summary: row.summary,
    description: `Permission: \`${row.permission}\`. Route \`${id}\` of @casino/contracts/operator.`,
  };
  for (const key of ['params', 'querystring', 'body', 'response'] as const) {
    if (key in row) schema[key] = (row as Record<string, unknown>)[key];
  }
  app.route({
    method: row.method,
    url: row.path,
    schema,
    config: { staffRoute: id },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
      } as StaffRequest<Id>;
      reply.header('cache-control', 'no-store');
      return handler(input, reply);
    },
  });
}
