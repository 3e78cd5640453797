import type { ChatMessage, ChatServerFrame } from '@casino/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChatConnection, mergeMessages } from './chat-connection';

const message = (id: string, text = `m${id}`): ChatMessage => ({
  id,
  author: { id: 'u1', username: 'ann', avatar: null },
  text,
  created_at: '2026-01-01T10:00:00.000Z',
});

/** A WebSocket stand-in the test opens, feeds and closes. */
class FakeSocket {
  static readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(frame: ChatServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const welcome = (messages: ChatMessage[], extra: Partial<ChatServerFrame> = {}): ChatServerFrame =>
  ({
    type: 'welcome',
    you: null,
    online: 2,
    messages,
    reset: false,
    hidden: [],
    muted_until: null,
    ...extra,
  }) as ChatServerFrame;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('mergeMessages', () => {
  it('keeps one copy per id, in id order (numeric, not alphabetical)', () => {
    const merged = mergeMessages([message('9'), message('10')], [message('10'), message('11')]);
    expect(merged.map((m) => m.id)).toEqual(['9', '10', '11']);
  });
});

describe('chat connection', () => {
  it('resumes after a drop from the newest id: nothing lost, nothing doubled', async () => {
    const sockets: FakeSocket[] = [];
    const connection = createChatConnection('ws://x/api/chat/socket', {
      getToken: () => 'tok',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      random: () => 0,
    });
    sockets[0]!.serverOpens();
    expect(sockets[0]!.sent[0]).toEqual({ type: 'hello', token: 'tok' });
    sockets[0]!.serverSends(welcome([message('1'), message('2')]));
    expect(connection.getState().status).toBe('open');

    sockets[0]!.close(1006);
    expect(connection.getState().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverOpens();
    expect(sockets[1]!.sent[0]).toEqual({ type: 'hello', token: 'tok', after: '2' });
    // The server may repeat a message; the list keeps one.
    sockets[1]!.serverSends(welcome([message('2'), message('3')], { hidden: ['1'] }));
    sockets[1]!.serverSends({ type: 'message', message: message('4') });
    expect(connection.getState().messages.map((m) => m.id)).toEqual(['2', '3', '4']);
    connection.close();
  });

  it('renews a refused token once and says hello with the new one', async () => {
    const sockets: FakeSocket[] = [];
    let token = 'old';
    const renewToken = vi.fn(() => {
      token = 'new';
      return Promise.resolve('new');
    });
    const connection = createChatConnection('ws://x', {
      getToken: () => token,
      renewToken,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    sockets[0]!.serverOpens();
    sockets[0]!.close(4401);
    await vi.advanceTimersByTimeAsync(10);
    expect(renewToken).toHaveBeenCalledWith('old');
    sockets[1]!.serverOpens();
    expect(sockets[1]!.sent[0]).toMatchObject({ type: 'hello', token: 'new' });
    connection.close();
  });

  it('answers a post with its outcome', async () => {
    let socket: FakeSocket | undefined;
    const connection = createChatConnection('ws://x', {
      getToken: () => 't',
      createSocket: () => (socket = new FakeSocket()) as unknown as WebSocket,
    });
    socket!.serverOpens();
    socket!.serverSends(welcome([]));
    const stored = connection.post('hi');
    socket!.serverSends({ type: 'ack', ref: 'r1', id: '5' });
    expect(await stored).toBe('stored');
    const refused = connection.post('again');
    socket!.serverSends({
      type: 'error',
      ref: 'r2',
      code: 'CHAT_RATE_LIMITED',
      message: 'slow',
      retry_after: 7,
    });
    expect(await refused).toBe('refused');
    expect(connection.getState().refusal).toMatchObject({
      code: 'CHAT_RATE_LIMITED',
      retryAfter: 7,
    });
    const lost = connection.post('lost');
    socket!.close(1006);
    expect(await lost).toBe('failed');
    connection.close();
  });
});
