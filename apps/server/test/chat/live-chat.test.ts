import { chatCloseCodes, chatLimits } from '@casino/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createPlayer, errorOf } from '../helpers/players';
import { connectChat, listen, openClients, post } from '../helpers/chat-client';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const operatorToken = 'operator-token-0123456789abcdefghijklmnop';
let current: TestApp | undefined;

afterEach(async () => {
  for (const client of openClients.splice(0)) client.close();
  await current?.close();
  current = undefined;
});

async function chatApp() {
  const t = await buildTestApp({ env: { OPERATOR_API_TOKEN: operatorToken } });
  current = t;
  const base = await listen(t.app);
  return { t, base };
}

describe('live chat over WebSocket', () => {
  it('two players see each other’s messages and the online count; a guest reads only', async () => {
    const { t, base } = await chatApp();
    const [alice, bob] = [await createPlayer(t), await createPlayer(t)];

    const a = await connectChat(base, { token: alice.accessToken });
    const aWelcome = await a.next('welcome');
    expect(aWelcome.you).toEqual({ id: alice.id, username: alice.username, avatar: null });
    expect(aWelcome.online).toBe(1);
    const b = await connectChat(base, { token: bob.accessToken });
    expect((await b.next('welcome')).online).toBe(2);
    await a.next('online', (f) => f.count === 2);

    const guest = await connectChat(base);
    const guestWelcome = await guest.next('welcome');
    expect(guestWelcome.you).toBeNull();
    expect(guestWelcome.online).toBe(3);

    const ack = await post(a, '  hello, Bob  ');
    expect(ack.type).toBe('ack');
    for (const reader of [a, b, guest]) {
      const { message } = await reader.next('message');
      expect(message.text).toBe('hello, Bob');
      expect(message.author.username).toBe(alice.username);
      expect(ack.type === 'ack' && message.id).toBe(ack.type === 'ack' && ack.id);
    }
    expect((await post(b, 'hi Alice')).type).toBe('ack');
    expect((await a.next('message')).message.author.id).toBe(bob.id);

    // The guest may read, not write; nothing is stored.
    const refused = await post(guest, 'let me in');
    expect(refused).toMatchObject({ type: 'error', code: 'SIGN_IN_REQUIRED' });

    // A new reader gets the recent messages, oldest first.
    const late = await connectChat(base);
    const history = (await late.next('welcome')).messages.map((m) => m.text);
    expect(history).toEqual(['hello, Bob', 'hi Alice']);

    guest.close();
    late.close();
    await a.next('online', (f) => f.count === 2);
  });

  it('keeps HTML as the literal text it is', async () => {
    const { t, base } = await chatApp();
    const player = await createPlayer(t);
    const a = await connectChat(base, { token: player.accessToken });
    await a.next('welcome');
    const html = '<img src=x onerror="alert(1)"><b>bold</b> & <script>x()</script>';
    expect((await post(a, html)).type).toBe('ack');
    expect((await a.next('message')).message.text).toBe(html);
  });

  it('limits length and rate per player', async () => {
    const { t, base } = await chatApp();
    const player = await createPlayer(t);
    const a = await connectChat(base, { token: player.accessToken });
    await a.next('welcome');
    expect(await post(a, '   \n  ')).toMatchObject({ code: 'CHAT_MESSAGE_INVALID' });
    expect(await post(a, 'x'.repeat(chatLimits.messageMaxLength + 1))).toMatchObject({
      code: 'CHAT_MESSAGE_INVALID',
    });
    expect((await post(a, 'x'.repeat(chatLimits.messageMaxLength))).type).toBe('ack');
    // The spec-free limits of decision 043: 5 messages per 10 seconds.
    expect(chatLimits.rateLimitMessages).toBe(5);
    expect(chatLimits.rateLimitWindowSeconds).toBe(10);
    for (let i = 2; i <= 5; i++) expect((await post(a, `m${i}`)).type).toBe('ack');
    const limited = await post(a, 'one too many');
    expect(limited).toMatchObject({ type: 'error', code: 'CHAT_RATE_LIMITED' });
    const retry = limited.type === 'error' ? limited.retry_after : undefined;
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(10);

    // A second socket of the same player shares the limit.
    const again = await connectChat(base, { token: player.accessToken });
    await again.next('welcome');
    expect(await post(again, 'other tab')).toMatchObject({ code: 'CHAT_RATE_LIMITED' });
  });

  it('closes a socket that presents a bad token or skips hello', async () => {
    const { base } = await chatApp();
    const bad = await connectChat(base, { token: 'not-a-token' });
    expect(await bad.closed).toBe(chatCloseCodes.unauthorized);
    const rude = await connectChat(base, false);
    rude.send({ type: 'post', ref: 'r', text: 'hi' });
    expect(await rude.closed).toBe(chatCloseCodes.protocol);
  });

  it('lets an operator hide a message and mute a player', async () => {
    const { t, base } = await chatApp();
    const [alice, bob] = [await createPlayer(t), await createPlayer(t)];
    const a = await connectChat(base, { token: alice.accessToken });
    await a.next('welcome');
    const reader = await connectChat(base);
    await reader.next('welcome');
    const ack = await post(a, 'something rude');
    const id = ack.type === 'ack' ? ack.id : '';

    const noToken = await t.app.inject({
      method: 'POST',
      url: `/api/operator/chat/messages/${id}/hide`,
    });
    expect(noToken.statusCode).toBe(401);
    const playerToken = await t.app.inject({
      method: 'POST',
      url: `/api/operator/chat/messages/${id}/hide`,
      headers: bearer(alice.accessToken),
    });
    expect(playerToken.statusCode).toBe(401);

    const hide = await t.app.inject({
      method: 'POST',
      url: `/api/operator/chat/messages/${id}/hide`,
      headers: bearer(operatorToken),
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await reader.next('hidden')).id).toBe(id);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/operator/chat/messages/999999999/hide',
      headers: bearer(operatorToken),
    });
    expect(unknown.statusCode).toBe(404);

    const fresh = await connectChat(base);
    const welcome = await fresh.next('welcome');
    expect(welcome.messages.map((m) => m.id)).not.toContain(id);
    expect(welcome.hidden).toContain(id);

    const mute = await t.app.inject({
      method: 'POST',
      url: '/api/operator/chat/mutes',
      headers: bearer(operatorToken),
      payload: { user: alice.username, minutes: 15, reason: 'insults' },
    });
    expect(mute.statusCode, mute.body).toBe(200);
    const muted = await post(a, 'still here?');
    expect(muted).toMatchObject({ type: 'error', code: 'CHAT_MUTED' });
    expect(muted.type === 'error' && muted.retry_after).toBeGreaterThan(14 * 60);
    // Others still post; the muted player still reads and learns of the mute on open.
    const b = await connectChat(base, { token: bob.accessToken });
    await b.next('welcome');
    expect((await post(b, 'fine')).type).toBe('ack');
    const again = await connectChat(base, { token: alice.accessToken });
    expect((await again.next('welcome')).muted_until).not.toBeNull();

    const lift = await t.app.inject({
      method: 'POST',
      url: '/api/operator/chat/mutes',
      headers: bearer(operatorToken),
      payload: { user: alice.email, minutes: 0, reason: 'apologised' },
    });
    expect(lift.json()).toEqual({ user_id: alice.id, muted_until: null });
    expect((await post(a, 'sorry')).type).toBe('ack');

    const nobody = await t.app.inject({
      method: 'POST',
      url: '/api/operator/chat/mutes',
      headers: bearer(operatorToken),
      payload: { user: 'nobody-here', minutes: 5, reason: 'x' },
    });
    expect(nobody.statusCode).toBe(404);
    expect(errorOf(nobody).code).toBe('PLAYER_NOT_FOUND');
  });
});
