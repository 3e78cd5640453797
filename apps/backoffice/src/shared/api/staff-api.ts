import { staffRoutes, staffRoutePath, type StaffRouteId } from '@casino/contracts/operator';
import type { z } from 'zod';
import { apiOrigin, buildPath, call, type ResponseSchema } from './client';

/**
 * The typed client of the staff API: a call names a route of the contracts' route table
 * (`staffRoutes`), and its parameters, query, body and answer take that route's zod types, so
 * a route renamed or a field changed on the server breaks this app's build, not its users.
 */
type Route<Id extends StaffRouteId> = (typeof staffRoutes)[Id];
type Input<S> = S extends z.ZodType ? z.input<S> : never;

type ParamsPart<Id extends StaffRouteId> =
  Route<Id> extends { params: infer P } ? { params: Input<P> } : { params?: undefined };
type QueryPart<Id extends StaffRouteId> =
  Route<Id> extends { querystring: infer Q }
    ? { query?: Partial<Input<Q>> }
    : { query?: undefined };
type BodyPart<Id extends StaffRouteId> =
  Route<Id> extends { body: infer B } ? { body: Input<B> } : { body?: undefined };

export type StaffCallOptions<Id extends StaffRouteId> = ParamsPart<Id> &
  QueryPart<Id> &
  BodyPart<Id> & { signal?: AbortSignal };

type ResponseMap<Id extends StaffRouteId> = Route<Id> extends { response: infer M } ? M : never;
/** The answer of a route: the union of its answers' types by status (200, 201, 202). */
export type StaffResponse<Id extends StaffRouteId> = [ResponseMap<Id>] extends [never]
  ? void
  : {
      [K in keyof ResponseMap<Id>]: ResponseMap<Id>[K] extends z.ZodType
        ? z.output<ResponseMap<Id>[K]>
        : never;
    }[keyof ResponseMap<Id>];

type AnyRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  response?: Partial<Record<number, ResponseSchema<unknown>>>;
};

export function staffCall<Id extends StaffRouteId>(
  id: Id,
  ...[options]: keyof StaffCallOptions<Id> extends never
    ? [StaffCallOptions<Id>?]
    : Record<string, never> extends StaffCallOptions<Id>
      ? [StaffCallOptions<Id>?]
      : [StaffCallOptions<Id>]
): Promise<StaffResponse<Id>> {
  const route = staffRoutes[id] as AnyRoute;
  const opts = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
    signal?: AbortSignal;
  };
  return call<StaffResponse<Id>>(
    { method: route.method, path: route.path },
    {
      ...(opts.params ? { params: opts.params } : {}),
      ...(opts.query ? { query: opts.query } : {}),
      ...(opts.body !== undefined ? { body: opts.body } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      schemaFor: (status) =>
        route.response?.[status] as ResponseSchema<StaffResponse<Id>> | undefined,
    },
  );
}

/** The address of a route that the browser opens itself (a CSV download, a document). */
export function staffUrl<Id extends StaffRouteId>(
  id: Id,
  params: Record<string, string>,
  query?: Record<string, string | number | undefined>,
): string {
  return `${apiOrigin}${buildPath(staffRoutePath(id, params), {}, query)}`;
}
