import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Which requests lose their answer: the request reaches the target, the reply never returns. */
export type DropRule = (method: string, path: string, body: string) => boolean;

export interface FaultProxy {
  port: number;
  /** The next request matching `rule` is forwarded, then its connection is cut before the answer. */
  dropAnswerOnce(rule: DropRule): void;
  /**
   * The next request matching `rule` is forwarded at once, but its answer is held for `ms`
   * (longer than the client's timeout: the client gives up and retries while it waits).
   */
  holdAnswerOnce(rule: DropRule, ms: number): void;
  /** Requests whose answers were dropped (or held) so far. */
  dropped(): { method: string; path: string }[];
  /** How many requests so far match `rule`. */
  count(rule: DropRule): number;
  close(): Promise<void>;
}

const readBody = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * An HTTP proxy between a provider and our wallet that can lose answers: the request is
 * applied by the target, and the provider sees the connection die (as after a timeout or a
 * network fault), so it must retry the same call and the retry must be answered from the
 * first application.
 */
export async function startFaultProxy(listenPort: number, targetPort: number): Promise<FaultProxy> {
  const rules: DropRule[] = [];
  const holds: { rule: DropRule; ms: number }[] = [];
  const dropped: { method: string; path: string }[] = [];
  const seen: { method: string; path: string; body: string }[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const body = await readBody(incoming);
      const method = incoming.method ?? 'GET';
      const path = incoming.url ?? '/';
      seen.push({ method, path, body: body.toString('utf8') });
      const ruleIndex = rules.findIndex((rule) => rule(method, path, body.toString('utf8')));
      const drop = ruleIndex !== -1;
      if (drop) {
        rules.splice(ruleIndex, 1);
        dropped.push({ method, path });
      }
      const holdIndex = drop
        ? -1
        : holds.findIndex((hold) => hold.rule(method, path, body.toString('utf8')));
      const holdMs = holdIndex === -1 ? 0 : holds.splice(holdIndex, 1)[0]!.ms;
      if (holdMs > 0) dropped.push({ method, path });
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: targetPort,
          method,
          path,
          headers: { ...incoming.headers, host: `127.0.0.1:${targetPort}`, connection: 'close' },
        },
        (answer) => {
          void readBody(answer)
            .then(async (payload) => {
              if (drop) {
                outgoing.socket?.destroy();
                return;
              }
              if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
              if (outgoing.destroyed || outgoing.socket?.destroyed) return;
              outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
              outgoing.end(payload);
            })
            .catch(() => outgoing.socket?.destroy());
        },
      );
      upstream.on('error', () => outgoing.socket?.destroy());
      upstream.end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    dropAnswerOnce: (rule) => {
      rules.push(rule);
    },
    holdAnswerOnce: (rule, ms) => {
      holds.push({ rule, ms });
    },
    dropped: () => [...dropped],
    count: (rule) => seen.filter((r) => rule(r.method, r.path, r.body)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
