import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devOutboxResponseSchema } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayerDetails, register } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

describe('GET /api/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { NODE_ENV: 'development', WEB_DIST_DIR: '/nowhere' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the messages sent, newest first, filtered by address', async () => {
    const first = newPlayerDetails();
    const second = newPlayerDetails();
    await register(t, first);
    await register(t, second);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = devOutboxResponseSchema.parse(res.json());
    expect(messages.map((m) => m.to).slice(0, 2)).toEqual([second.email, first.email]);
    expect(messages[0]?.text).toMatch(/\b\d{6}\b/);

    const only = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(first.email.toUpperCase())}`,
    });
    expect(devOutboxResponseSchema.parse(only.json()).messages.map((m) => m.to)).toEqual([
      first.email,
    ]);
  });

  it('keeps the last 50', async () => {
    const player = newPlayerDetails();
    for (let i = 0; i < 52; i++) {
      await register(t, { ...player, email: `bulk${i}.${player.email}` });
    }
    const { messages } = devOutboxResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json(),
    );
    expect(messages).toHaveLength(50);
    expect(messages[0]?.to).toBe(`bulk51.${player.email}`);
  });
});

describe('the development outbox in production', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'casino-outbox-web-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    t = await buildTestApp({ env: { NODE_ENV: 'production', WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('does not exist (404)', async () => {
    await register(t, newPlayerDetails());
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});
