import Fastify, { type FastifyInstance } from 'fastify';

/** A Fastify app on a free loopback port, with form bodies parsed to plain objects. */
export async function listen(
  setup: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}` };
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/** What a test tells a fake wallet to do with the next calls of one method. */
export type Fault = 'timeout' | 'http500' | 'internal';
