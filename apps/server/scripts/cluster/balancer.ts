// The local twin of deploy/haproxy.cfg, in plain Node (no proxy to download): round robin
// over the instances that answer /api/health/ready, a refused connection, an empty answer or
// a 503 tried on the next instance (retries 2, redispatch), the ORBITA_INSTANCE cookie that
// keeps a player on one instance while the simulated payment sandboxes run, X-Forwarded-For
// set, WebSockets passed through as a tunnel and responses (server-sent events) unbuffered.
import { connect } from 'node:net';
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
} from 'node:http';
import type { Duplex } from 'node:stream';

export interface Backend {
  /** Its name in logs and the cookie's value, e.g. "o1". */
  name: string;
  port: number;
}

export interface BalancerOptions {
  backends: Backend[];
  port?: number;
  host?: string;
  /** Health check interval (HAProxy `inter`), default 2 000 ms; `fall`/`rise` 2 each. */
  checkIntervalMs?: number;
  /** How long a check may take (HAProxy `timeout check`), default 2 000 ms. */
  checkTimeoutMs?: number;
}

export interface Balancer {
  url: string;
  /** The backends currently in rotation. */
  up(): string[];
  close(): Promise<void>;
}

const cookieName = 'ORBITA_INSTANCE';
const retries = 2;
const maxBufferedBody = 32 * 1024 * 1024;

export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  const interval = options.checkIntervalMs ?? 2_000;
  const state = new Map(options.backends.map((b) => [b.name, { up: false, streak: 0 }]));
  let turn = 0;

  const check = async (backend: Backend) => {
    const ok = await new Promise<boolean>((resolve) => {
      const probe = httpRequest(
        { host: '127.0.0.1', port: backend.port, path: '/api/health/ready', agent: false },
        (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        },
      );
      probe.setTimeout(options.checkTimeoutMs ?? 2_000, () => probe.destroy());
      probe.on('error', () => resolve(false));
      probe.end();
    });
    const s = state.get(backend.name)!;
    // fall 2 / rise 2: two checks in a row change the state.
    s.streak = ok === s.up ? 0 : s.streak + 1;
    if (s.streak >= 2) {
      s.up = ok;
      s.streak = 0;
    }
  };
  const checkAll = () => Promise.all(options.backends.map(check));
  // Start as HAProxy would after its first checks: what answers now is up.
  await checkAll();
  await checkAll();
  const timer = setInterval(() => void checkAll(), interval);

  const live = () => options.backends.filter((b) => state.get(b.name)!.up);
  /** The sticky instance when it is up, else the next in turn (skipping `tried`). */
  const choose = (headers: IncomingHttpHeaders, tried: Set<string>): Backend | undefined => {
    const sticky = new RegExp(`(?:^|;\\s*)${cookieName}=([^;]+)`).exec(headers.cookie ?? '')?.[1];
    const candidates = live().filter((b) => !tried.has(b.name));
    const pinned = candidates.find((b) => b.name === sticky);
    if (pinned) return pinned;
    return candidates.length ? candidates[turn++ % candidates.length] : undefined;
  };
  const forwardedHeaders = (req: IncomingMessage, upgrade = false): IncomingHttpHeaders => {
    const cookie = (req.headers.cookie ?? '')
      .split(/;\s*/)
      .filter((c) => c && !c.startsWith(`${cookieName}=`))
      .join('; ');
    const headers: IncomingHttpHeaders = {
      ...req.headers,
      'x-forwarded-for': req.socket.remoteAddress ?? '',
    };
    if (cookie) headers.cookie = cookie;
    else delete headers.cookie;
    // One request per upstream connection: none is left open to hold an instance's drain.
    if (!upgrade) headers.connection = 'close';
    return headers;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBufferedBody) chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > maxBufferedBody) {
        res.writeHead(413).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const tried = new Set<string>();
      const attempt = () => {
        const backend = choose(req.headers, tried);
        if (!backend) {
          res.writeHead(503, { 'content-type': 'text/plain' }).end('no instance is up\n');
          return;
        }
        tried.add(backend.name);
        const canRetry = () => tried.size <= retries && live().some((b) => !tried.has(b.name));
        const upstream = httpRequest(
          {
            host: '127.0.0.1',
            port: backend.port,
            method: req.method,
            path: req.url,
            headers: forwardedHeaders(req),
            agent: false,
          },
          (answer) => {
            // An instance shutting down answers 503: tried on the other (retry-on 503).
            if (answer.statusCode === 503 && canRetry()) {
              answer.resume();
              attempt();
              return;
            }
            const headers = { ...answer.headers };
            if (!req.headers.cookie?.includes(`${cookieName}=${backend.name}`)) {
              const set = headers['set-cookie'] ?? [];
              headers['set-cookie'] = [...set, `${cookieName}=${backend.name}; Path=/; HttpOnly`];
              headers['cache-control'] ??= 'no-cache';
            }
            res.writeHead(answer.statusCode ?? 502, headers);
            res.flushHeaders();
            answer.pipe(res);
          },
        );
        upstream.on('error', () => {
          // conn-failure / empty-response: nothing was answered, so it is tried elsewhere.
          if (res.headersSent) res.destroy();
          else if (canRetry()) attempt();
          else res.writeHead(503).end();
        });
        upstream.end(body);
      };
      attempt();
    });
  });

  const tunnels = new Set<Duplex>();
  // WebSockets: the upgrade request goes to an instance, then bytes flow both ways (tunnel).
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const backend = choose(req.headers, new Set());
    if (!backend) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\n\r\n');
      return;
    }
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    const upstream = connect(backend.port, '127.0.0.1', () => {
      const headers = forwardedHeaders(req, true);
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${v}`),
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const cut = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', cut);
    socket.on('error', cut);
    upstream.on('close', cut);
    socket.on('close', cut);
  });

  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as { port: number };
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    up: () => live().map((b) => b.name),
    async close() {
      clearInterval(timer);
      server.closeAllConnections();
      for (const socket of tunnels) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
