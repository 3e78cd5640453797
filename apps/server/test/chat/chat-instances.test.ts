import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { createLogger } from '../../src/lib/logger';
import { connectChat, listen, openClients, post } from '../helpers/chat-client';
import { createMemoryMailer } from '../helpers/memory-mailer';
import { createPlayer } from '../helpers/players';
import { testSecrets, type TestApp } from '../helpers/test-app';
import { createTestDb } from '../helpers/test-database';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const client of openClients.splice(0)) client.close();
  for (const app of apps.splice(0)) await app.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** One database that outlives the apps built on it (a restart, or two instances). */
async function sharedDatabase(): Promise<DatabaseConnection> {
  const { db, destroy } = await createTestDb();
  cleanups.push(destroy);
  // The apps' close must not close it: the next instance still needs it.
  return new Proxy(db, {
    get: (target, key) =>
      key === 'close' ? () => Promise.resolve() : (Reflect.get(target, key) as unknown),
  });
}

/** A server instance on `db`, as server.ts would start it, listening on `port` (0: any). */
async function instance(db: DatabaseConnection, env: Record<string, string> = {}, port = 0) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: `/tmp/casino-chat-${randomBytes(4).toString('hex')}`,
    ...testSecrets,
    ...env,
  });
  const mailer = createMemoryMailer();
  const app = await buildApp({
    config,
    db,
    mailer,
    clock: systemClock,
    logger: createLogger(config),
  });
  apps.push(app);
  const base = await listen(app, port);
  // Enough of a TestApp for the player helpers (they inject and read the outbox).
  const t = { app, db, config, outbox: mailer.outbox } as unknown as TestApp;
  return { app, base, t };
}

describe('chat across restarts and instances', () => {
  it('resumes after a server restart from the last id: nothing lost, nothing doubled', async () => {
    const db = await sharedDatabase();
    const first = await instance(db);
    const [alice, bob] = [await createPlayer(first.t), await createPlayer(first.t)];
    const a = await connectChat(first.base, { token: alice.accessToken });
    await a.next('welcome');
    for (const text of ['one', 'two']) expect((await post(a, text)).type).toBe('ack');
    const seen = [(await a.next('message')).message, (await a.next('message')).message];
    const lastId = seen[1]!.id;

    const port = Number(new URL(first.base).port);
    await first.app.close();
    apps.splice(apps.indexOf(first.app), 1);
    expect(await a.closed).toBe(1001);

    // Bob writes on the new server while Alice is away.
    const second = await instance(db, {}, port);
    const b = await connectChat(second.base, { token: bob.accessToken });
    await b.next('welcome');
    for (const text of ['three', 'four']) expect((await post(b, text)).type).toBe('ack');

    const back = await connectChat(second.base, { token: alice.accessToken, after: lastId });
    const welcome = await back.next('welcome');
    expect(welcome.reset).toBe(false);
    expect(welcome.messages.map((m) => m.text)).toEqual(['three', 'four']);
    expect((await post(b, 'five')).type).toBe('ack');
    expect((await back.next('message')).message.text).toBe('five');
    expect(back.frames.filter((f) => f.type === 'message')).toHaveLength(1);
  });

  it('two instances sharing Redis relay each other’s messages and count one room', async () => {
    const db = await sharedDatabase();
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
    };
    const one = await instance(db, env);
    const two = await instance(db, env);
    const [alice, bob] = [await createPlayer(one.t), await createPlayer(one.t)];

    const a = await connectChat(one.base, { token: alice.accessToken });
    await a.next('welcome');
    const b = await connectChat(two.base, { token: bob.accessToken });
    expect((await b.next('welcome')).online).toBe(2);
    await a.next('online', (f) => f.count === 2);

    expect((await post(a, 'from one')).type).toBe('ack');
    expect((await b.next('message')).message.text).toBe('from one');
    expect((await a.next('message')).message.text).toBe('from one');
    expect((await post(b, 'from two')).type).toBe('ack');
    expect((await a.next('message')).message.text).toBe('from two');
    // Each reader got each message once.
    for (const reader of [a, b]) {
      expect(reader.frames.filter((f) => f.type === 'message').map((f) => f.type)).toHaveLength(2);
    }

    // The rate limit is one per player across both instances.
    const a2 = await connectChat(two.base, { token: alice.accessToken });
    await a2.next('welcome');
    for (let i = 0; i < 4; i++) expect((await post(i % 2 ? a : a2, `m${i}`)).type).toBe('ack');
    expect(await post(a2, 'too many')).toMatchObject({ code: 'CHAT_RATE_LIMITED' });

    // An instance that shuts down stops counting at once.
    a2.close();
    await b.next('online', (f) => f.count === 2);
    await one.app.close();
    apps.splice(apps.indexOf(one.app), 1);
    await b.next('online', (f) => f.count === 1);
  });

  it('refuses to start when REDIS_URL does not answer', async () => {
    const db = await sharedDatabase();
    await expect(instance(db, { REDIS_URL: 'redis://127.0.0.1:1' })).rejects.toThrow(
      /Cannot reach Redis/,
    );
  });
});
