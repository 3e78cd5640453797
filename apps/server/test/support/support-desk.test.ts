import { supportSocketPath, type SupportServerFrame } from '@casino/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fixedClock } from '../../src/lib/clock';
import { listen } from '../helpers/chat-client';
import { bearer, createPlayer, errorOf } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const operatorToken = 'operator-token-0123456789abcdefghijklmnop';
let current: TestApp | undefined;
const sockets: WebSocket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await current?.close();
  current = undefined;
});

/** The player's live thread: resolves once `ready`, collecting every frame. */
async function openThread(base: string, token: string) {
  const socket = new WebSocket(`${base}${supportSocketPath}`);
  sockets.push(socket);
  const frames: SupportServerFrame[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse((data as Buffer).toString('utf8')) as SupportServerFrame;
      frames.push(frame);
      if (frame.type === 'ready') resolve();
    });
    socket.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
  socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', token })));
  await ready;
  return frames;
}

describe('support desk', () => {
  it('a player writes, an operator answers, the player sees it live; unread and average response', async () => {
    const clock = fixedClock(new Date());
    const t = await buildTestApp({ clock, env: { OPERATOR_API_TOKEN: operatorToken } });
    current = t;
    const base = await listen(t.app);
    const [alice, bob] = [await createPlayer(t), await createPlayer(t)];
    const op = bearer(operatorToken);

    const before = await t.app.inject({ method: 'GET', url: '/api/support/info' });
    expect(before.json()).toEqual({
      average_response_seconds: null,
      channel_url: null,
      partner_url: null,
    });

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/support/messages',
      headers: bearer(alice.accessToken),
      payload: { text: '  My deposit has not arrived  ' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ author: 'player', text: 'My deposit has not arrived' });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/operator/support/threads',
      headers: op,
    });
    const row = list.json<{ data: { user_id: string; unread: number; waiting: boolean }[] }>().data;
    expect(row.find((r) => r.user_id === alice.id)).toMatchObject({ unread: 1, waiting: true });

    const frames = await openThread(base, alice.accessToken);
    clock.advance(4 * 60_000);
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/operator/support/threads/${alice.id}/messages`,
      headers: op,
      payload: { text: 'Checking it now.' },
    });
    expect(answered.statusCode, answered.body).toBe(201);
    await expect
      .poll(() => frames.find((f) => f.type === 'message'))
      .toMatchObject({ message: { author: 'operator', text: 'Checking it now.' } });

    const thread = await t.app.inject({
      method: 'GET',
      url: '/api/support/thread',
      headers: bearer(alice.accessToken),
    });
    const body = thread.json<{ messages: { id: string; author: string }[]; unread: number }>();
    expect(body.messages.map((m) => m.author)).toEqual(['player', 'operator']);
    expect(body.unread).toBe(1);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/support/read',
      headers: bearer(alice.accessToken),
      payload: { up_to: body.messages[1]!.id },
    });
    expect(read.json()).toEqual({ unread: 0 });

    // The average is the real wait: four minutes.
    const info = await t.app.inject({ method: 'GET', url: '/api/support/info' });
    expect(info.json<{ average_response_seconds: number }>().average_response_seconds).toBe(240);

    // Bob has his own (empty) thread and cannot reach Alice's; operators cannot write to a
    // player who never asked.
    const bobs = await t.app.inject({
      method: 'GET',
      url: '/api/support/thread',
      headers: bearer(bob.accessToken),
    });
    expect(bobs.json()).toEqual({ messages: [], unread: 0 });
    const cold = await t.app.inject({
      method: 'POST',
      url: `/api/operator/support/threads/${bob.id}/messages`,
      headers: op,
      payload: { text: 'Hello?' },
    });
    expect(cold.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/operator/support/threads' })).statusCode,
    ).toBe(401);
  });

  it('limits a player to 10 messages a minute and shows configured links', async () => {
    const t = await buildTestApp({
      env: { SUPPORT_CHANNEL_URL: 'https://t.me/orbita_news' },
    });
    current = t;
    const player = await createPlayer(t);
    const send = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/support/messages',
        headers: bearer(player.accessToken),
        payload: { text },
      });
    for (let i = 0; i < 10; i++) expect((await send(`q${i}`)).statusCode).toBe(201);
    const limited = await send('one more');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect((await send('   ')).statusCode).toBe(400);
    const info = await t.app.inject({ method: 'GET', url: '/api/support/info' });
    expect(info.json()).toMatchObject({
      channel_url: 'https://t.me/orbita_news',
      partner_url: null,
    });
  });
});
