import type { FastifyInstance } from 'fastify';
import type { Logger } from '../logger';

export interface ShutdownOutcome {
  /** Every request in flight was answered within the budget. */
  clean: boolean;
  inFlightLeft: number;
  ms: number;
}

/**
 * The shutdown an orchestrator's SIGTERM asks for (docs/operations.md, "Shutdown"):
 * 1. readiness answers 503 at once, new requests get 503 in the API's error shape with
 *    `Connection: close`, streams and sockets end with a reconnect hint (app.lifecycle);
 * 2. the listener stays open until no request is in flight, so a request already queued on
 *    a connection is answered (closing the listener first reset those: issue 31 saw 9 of 28);
 * 3. app.close(): the listener closes and the database and Redis after it.
 * Past `timeoutMs` the connections still open are cut and the outcome says so.
 */
export async function shutDownGracefully(
  app: FastifyInstance,
  options: { timeoutMs: number; logger: Logger },
): Promise<ShutdownOutcome> {
  const began = performance.now();
  app.lifecycle.beginShutdown();
  const drained = await app.lifecycle.drained(options.timeoutMs);
  const inFlightLeft = app.lifecycle.inFlight();
  if (!drained) {
    options.logger.error({ inFlight: inFlightLeft }, 'shutdown timeout: cutting connections');
    app.server.closeAllConnections();
  }
  const left = Math.max(0, options.timeoutMs - (performance.now() - began));
  let timer: NodeJS.Timeout | undefined;
  const overdue = new Promise<'overdue'>((resolve) => {
    timer = setTimeout(() => resolve('overdue'), left + 1_000);
  });
  const closing = app.close().then(() => 'closed' as const);
  if ((await Promise.race([closing, overdue])) === 'overdue') app.server.closeAllConnections();
  await closing;
  clearTimeout(timer);
  return { clean: drained, inFlightLeft, ms: Math.round(performance.now() - began) };
}
