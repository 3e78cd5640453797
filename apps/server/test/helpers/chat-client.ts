import {
  chatServerFrameSchema,
  chatSocketPath,
  type ChatClientFrame,
  type ChatServerFrame,
} from '@casino/contracts';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** A chat socket as a test drives it: every frame kept, waited for by predicate. */
export interface ChatClient {
  frames: ChatServerFrame[];
  send(frame: ChatClientFrame): void;
  /** The first frame not yet waited for that matches; waits up to `ms`. */
  waitFor(match: (frame: ChatServerFrame) => boolean, ms?: number): Promise<ChatServerFrame>;
  /** The first frame of `type` not yet waited for that matches; waits up to `ms`. */
  next<T extends ChatServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ChatServerFrame, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<ChatServerFrame, { type: T }>>;
  /** Resolves with the close code once the server closed the socket. */
  closed: Promise<number>;
  close(): void;
}

export const openClients: ChatClient[] = [];

/** The `ws://` base URL of a listening app. */
export async function listen(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not on TCP');
  return `ws://127.0.0.1:${address.port}`;
}

/** Opens a socket and (unless `hello` is false) says hello; resolves once open. */
export async function connectChat(
  base: string,
  hello: { token?: string; after?: string } | false = {},
): Promise<ChatClient> {
  const socket = new WebSocket(`${base}${chatSocketPath}`);
  const frames: ChatServerFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(chatServerFrameSchema.parse(JSON.parse((data as Buffer).toString('utf8'))));
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const consumed = new Set<ChatServerFrame>();
  const client: ChatClient = {
    frames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    waitFor(match, ms = 3000) {
      return new Promise<ChatServerFrame>((resolve, reject) => {
        const look = () => {
          const found = frames.find((f) => !consumed.has(f) && match(f));
          if (!found) return false;
          consumed.add(found);
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`));
        }, ms);
        if (!look()) waiters.add(wake);
      });
    },
    async next(type, match, ms) {
      type Frame = Extract<ChatServerFrame, { type: typeof type }>;
      const frame = await client.waitFor(
        (f) => f.type === type && (match?.(f as Frame) ?? true),
        ms,
      );
      return frame as Frame;
    },
    closed,
    close: () => socket.close(),
  };
  openClients.push(client);
  if (hello !== false) client.send({ type: 'hello', ...hello });
  return client;
}

/** Posts and waits for the answer (ack or error) to this post. */
export async function post(client: ChatClient, text: string, ref = Math.random().toString(36)) {
  client.send({ type: 'post', ref, text });
  const answer = await client.waitFor(
    (f) => (f.type === 'ack' || f.type === 'error') && f.ref === ref,
  );
  return answer as Extract<ChatServerFrame, { type: 'ack' | 'error' }>;
}
