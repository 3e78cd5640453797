import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  /** The port it listens on (127.0.0.1), the same across down() and up(). */
  port: number;
  /**
   * PostgreSQL restarting, as a client sees it: every open connection is cut (reset) and
   * new ones are refused (ECONNREFUSED) until up().
   */
  down(): Promise<void>;
  /** Accepts connections again, on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy between the server and PostgreSQL that can play a database restart without
 * restarting the machine's shared PostgreSQL: the server's pool loses its connections and
 * cannot open new ones for as long as the proxy is down, exactly as during a real restart
 * (except that no data is lost: what committed stays committed, as with a clean restart).
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(targetPort, targetHost);
        track(client);
        track(upstream);
        client.pipe(upstream);
        upstream.pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      // resetAndDestroy: the client reads ECONNRESET, as when PostgreSQL's backend dies.
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
      if (!current) return resolve();
      current.close(() => resolve());
    });

  await listen();
  return {
    get port() {
      return port;
    },
    down: stop,
    up: async () => {
      if (!server) await listen();
    },
    close: stop,
  };
}

/** The same connection URL through the proxy (host and port replaced). */
export function urlThrough(url: string, proxy: Pick<TcpProxy, 'port'>): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
