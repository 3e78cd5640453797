import type { ChatServerFrame } from '@casino/contracts';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { createChatPresence, type ChatPresence } from './chat-presence';
import { chatEventsChannel, type ChatEvent } from './chat-service';

/** One open chat socket, as the room sees it. */
export interface ChatReader {
  /** Sends a frame; a reader that cannot keep up is dropped by the socket code. */
  send(frame: ChatServerFrame): void;
  /**
   * Until the reader has been sent its welcome, events wait here (the welcome's history is
   * read while they may already be arriving); then `ready` sends them, skipping what the
   * welcome held.
   */
  queue: ChatEvent[] | undefined;
  /** Closes the socket with a WebSocket close code. */
  end(code: number, reason: string): void;
}

export interface ChatRoom {
  /** Readers on every instance. */
  online(): number;
  join(reader: ChatReader): void;
  leave(reader: ChatReader): void;
  /** Ends the reader's queue: sends the events that arrived after its welcome's newest id. */
  ready(reader: ChatReader, newestId: bigint): void;
  close(): Promise<void>;
}

/**
 * This instance's open chat sockets. Every chat event comes from the shared channel (even
 * this instance's own posts), so a message reaches every reader once, whichever instance
 * stored it, and the online count is the sum over instances (chat-presence.ts).
 */
export async function createChatRoom(deps: {
  shared: SharedState;
  logger: Logger;
}): Promise<ChatRoom> {
  const readers = new Set<ChatReader>();
  let onlineTimer: NodeJS.Timeout | undefined;

  const broadcast = (frame: ChatServerFrame) => {
    for (const reader of readers) if (reader.queue === undefined) reader.send(frame);
  };
  // Joins and leaves come in bursts (a page of tabs, a restart): one count per 200 ms.
  const onlineChanged = () => {
    onlineTimer ??= setTimeout(() => {
      onlineTimer = undefined;
      broadcast({ type: 'online', count: presence.total() });
    }, 200);
  };
  const presence: ChatPresence = await createChatPresence({
    shared: deps.shared,
    logger: deps.logger,
    onChange: onlineChanged,
  });

  const toFrame = (event: ChatEvent): ChatServerFrame =>
    event.type === 'message'
      ? { type: 'message', message: event.message }
      : { type: 'hidden', id: event.id };

  const unsubscribe = await deps.shared.subscribe(chatEventsChannel, (raw) => {
    let event: ChatEvent;
    try {
      event = JSON.parse(raw) as ChatEvent;
    } catch {
      deps.logger.warn('chat event is not JSON');
      return;
    }
    for (const reader of readers) {
      if (reader.queue) reader.queue.push(event);
      else reader.send(toFrame(event));
    }
  });

  return {
    online: () => presence.total(),
    join(reader) {
      readers.add(reader);
      presence.setLocal(readers.size);
    },
    leave(reader) {
      if (!readers.delete(reader)) return;
      presence.setLocal(readers.size);
    },
    ready(reader, newestId) {
      const queued = reader.queue ?? [];
      reader.queue = undefined;
      for (const event of queued) {
        if (event.type === 'message' && BigInt(event.message.id) <= newestId) continue;
        reader.send(toFrame(event));
      }
    },
    async close() {
      clearTimeout(onlineTimer);
      // 1001 "going away": clients reconnect (to this server restarted, or another one).
      for (const reader of readers) reader.end(1001, 'server closing');
      readers.clear();
      await unsubscribe();
      await presence.close();
    },
  };
}
