import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chatSocketPath } from '@casino/contracts';
import { createLogger } from '../../src/lib/logger';
import { bearer, createPlayer, errorOf, newPlayerDetails, register } from '../helpers/players';
import { connectChat, listen, openClients, post } from '../helpers/chat-client';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/** Issue 25: what an outside run sent the chat, and what it must get back. */
let current: TestApp | undefined;
const logLines: { level: number; msg: string }[] = [];

afterEach(async () => {
  for (const client of openClients.splice(0)) client.close();
  await current?.close();
  current = undefined;
  logLines.length = 0;
});

async function chatApp() {
  const logger = createLogger(
    { env: 'test', logLevel: 'info' },
    { write: (line: string) => void logLines.push(JSON.parse(line) as never) },
  );
  const t = await buildTestApp({ logger });
  current = t;
  return { t, base: await listen(t.app) };
}

describe('hostile chat input', () => {
  it('a frame over the 16 KB limit closes the socket with 1009 and is logged as a warning, not an error', async () => {
    const { base } = await chatApp();
    const socket = new WebSocket(`${base}${chatSocketPath}`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    socket.send('x'.repeat(16 * 1024 + 1));
    expect(await closed).toBe(1009);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = logLines.filter((line) => line.msg === 'websocket frame refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.level).toBe(40); // pino's warn
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('drops bidirectional controls from messages, so a message cannot read backwards', async () => {
    const { t, base } = await chatApp();
    const player = await createPlayer(t);
    const a = await connectChat(base, { token: player.accessToken });
    await a.next('welcome');
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    expect((await post(a, `pay ${controls.join('')}gnp.exe`)).type).toBe('ack');
    expect((await a.next('message')).message.text).toBe('pay gnp.exe');
    // Nothing but controls is an empty message.
    expect(await post(a, '\u202E\u2066')).toMatchObject({ code: 'CHAT_MESSAGE_INVALID' });
    // Stored without them: a reader who arrives later gets the same text.
    const late = await connectChat(base);
    expect((await late.next('welcome')).messages.map((m) => m.text)).toEqual(['pay gnp.exe']);
  });

  it('refuses bidirectional controls in a username, at registration and on a change', async () => {
    const { t } = await chatApp();
    const player = await createPlayer(t);
    for (const username of ['abc\u202Efed', '\u2066admin\u2069', 'name\u200F']) {
      const registration = await register(t, newPlayerDetails({ username }));
      expect(registration.statusCode, username).toBe(400);
      expect(errorOf(registration).fields).toEqual([
        { path: 'username', message: 'usernamechars' },
      ]);
      const change = await t.app.inject({
        method: 'PATCH',
        url: '/api/user/setting',
        headers: bearer(player.accessToken),
        payload: { username },
      });
      expect(change.statusCode, username).toBe(400);
      expect(errorOf(change).fields).toEqual([{ path: 'username', message: 'usernamechars' }]);
    }
  });
});
