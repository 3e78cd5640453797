import {
  chatCloseCodes,
  chatServerFrameSchema,
  chatSocketPath,
  type ChatAuthor,
  type ChatErrorCode,
  type ChatMessage,
  type ChatServerFrame,
} from '@casino/contracts';

/** What the panel shows, replaced as a whole on every change (for useSyncExternalStore). */
export interface ChatState {
  /** connecting: first attempt; open: welcome received; offline: waiting to reconnect. */
  status: 'connecting' | 'open' | 'offline';
  you: ChatAuthor | null;
  online: number | null;
  /** Oldest first, unique by id. */
  messages: ChatMessage[];
  mutedUntil: string | null;
  /** The last refused post, for the composer's note. */
  refusal: { code: ChatErrorCode; retryAfter?: number | undefined; at: number } | null;
}

export type PostOutcome = 'stored' | 'refused' | 'failed';

export interface ChatConnectionDeps {
  /** The access token to present, or null for a guest. */
  getToken: () => string | null;
  /** Renews the token after the server refused it; rejects when the session is over. */
  renewToken?: ((failed: string) => Promise<string>) | undefined;
  /** For tests: the socket factory and the random source of the backoff. */
  createSocket?: (url: string) => WebSocket;
  random?: () => number;
}

export interface ChatConnection {
  getState: () => ChatState;
  subscribe: (listener: () => void) => () => void;
  /** Sends a post: stored, refused (the reason is in state.refusal) or failed (no link). */
  post(text: string): Promise<PostOutcome>;
  close(): void;
}

const maxBackoffMs = 30_000;
/** Readers keep this many messages; older ones scroll away. */
const keepMessages = 200;
/** A link silent this long (no frame, no pong) is taken for dead and replaced. */
const silenceMs = 45_000;
const pingEveryMs = 20_000;

export function chatSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${chatSocketPath}`;
}

/** Adds messages by id (a resume may repeat one the client has), keeping id order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  const merged = [...byId.values()].sort((a, b) =>
    a.id.length === b.id.length ? (a.id < b.id ? -1 : 1) : a.id.length - b.id.length,
  );
  return merged.slice(-keepMessages);
}

/** The chat before its socket has said anything: connecting, nobody known, no messages. */
export const connectingState: ChatState = {
  status: 'connecting',
  you: null,
  online: null,
  messages: [],
  mutedUntil: null,
  refusal: null,
};

/**
 * The chat socket with its reconnect rule (docs/decisions/043-live-chat.md): hello with the
 * token and the newest id held, so a reconnect (network drop, server restart) brings exactly
 * the missed messages; backoff from 1 s to 30 s with jitter; a refused token (4401) is
 * renewed once and the socket reopened. Plain TypeScript, so the panel's React code stays
 * small and this is testable with a fake socket.
 */
export function createChatConnection(url: string, deps: ChatConnectionDeps): ChatConnection {
  const random = deps.random ?? Math.random;
  const createSocket = deps.createSocket ?? ((target: string) => new WebSocket(target));
  let state: ChatState = connectingState;
  const listeners = new Set<() => void>();
  const set = (changes: Partial<ChatState>) => {
    state = { ...state, ...changes };
    for (const listener of listeners) listener();
  };

  let socket: WebSocket | null = null;
  let closed = false;
  let failures = 0;
  let renewedOnce = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let lastFrameAt = 0;
  let refCounter = 0;
  const pending = new Map<string, (outcome: PostOutcome) => void>();

  const failPending = () => {
    for (const resolve of pending.values()) resolve('failed');
    pending.clear();
  };

  const scheduleReconnect = (delayMs?: number) => {
    if (closed) return;
    const base = Math.min(maxBackoffMs, 1000 * 2 ** Math.min(failures, 10));
    const delay = delayMs ?? Math.round(base / 2 + (random() * base) / 2);
    failures += 1;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, delay);
  };

  const handle = (frame: ChatServerFrame) => {
    switch (frame.type) {
      case 'welcome': {
        failures = 0;
        renewedOnce = false;
        const kept = frame.reset ? [] : state.messages;
        const hidden = new Set(frame.hidden);
        set({
          status: 'open',
          you: frame.you,
          online: frame.online,
          mutedUntil: frame.muted_until,
          messages: mergeMessages(
            kept.filter((m) => !hidden.has(m.id)),
            frame.messages,
          ),
        });
        return;
      }
      case 'message':
        set({ messages: mergeMessages(state.messages, [frame.message]) });
        return;
      case 'hidden':
        set({ messages: state.messages.filter((m) => m.id !== frame.id) });
        return;
      case 'online':
        set({ online: frame.count });
        return;
      case 'ack':
        pending.get(frame.ref)?.('stored');
        pending.delete(frame.ref);
        return;
      case 'error':
        set({
          refusal: { code: frame.code, retryAfter: frame.retry_after, at: Date.now() },
          ...(frame.code === 'CHAT_MUTED' && frame.retry_after !== undefined
            ? { mutedUntil: new Date(Date.now() + frame.retry_after * 1000).toISOString() }
            : {}),
        });
        if (frame.ref !== undefined) {
          pending.get(frame.ref)?.('refused');
          pending.delete(frame.ref);
        }
        return;
      case 'pong':
        return;
    }
  };

  function open() {
    if (closed) return;
    const token = deps.getToken();
    const ws = createSocket(url);
    socket = ws;
    ws.onopen = () => {
      lastFrameAt = Date.now();
      const after = state.messages.at(-1)?.id;
      ws.send(
        JSON.stringify({
          type: 'hello',
          ...(token ? { token } : {}),
          ...(after ? { after } : {}),
        }),
      );
      clearInterval(pingTimer);
      pingTimer = setInterval(() => {
        if (Date.now() - lastFrameAt > silenceMs) {
          ws.close();
          return;
        }
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: 'ping' }));
      }, pingEveryMs);
    };
    ws.onmessage = (event: MessageEvent) => {
      lastFrameAt = Date.now();
      if (typeof event.data !== 'string') return;
      let parsed: ChatServerFrame;
      try {
        parsed = chatServerFrameSchema.parse(JSON.parse(event.data));
      } catch {
        return;
      }
      handle(parsed);
    };
    ws.onclose = (event: CloseEvent) => {
      if (socket !== ws) return;
      socket = null;
      clearInterval(pingTimer);
      failPending();
      if (closed) return;
      set({ status: 'offline' });
      if (event.code === chatCloseCodes.unauthorized && token && deps.renewToken && !renewedOnce) {
        renewedOnce = true;
        // The session's refresh renews the token (or ends the session: then a guest's hello).
        deps
          .renewToken(token)
          .catch(() => undefined)
          .finally(() => scheduleReconnect(0));
        return;
      }
      // A server going away (restart, deploy) is back soon: first try within a second.
      scheduleReconnect(event.code === 1001 && failures === 0 ? 250 + random() * 750 : undefined);
    };
  }

  open();

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    post(text) {
      const ws = socket;
      if (!ws || ws.readyState !== WebSocket.OPEN || state.status !== 'open') {
        return Promise.resolve('failed');
      }
      refCounter += 1;
      const ref = `r${refCounter}`;
      return new Promise<PostOutcome>((resolve) => {
        pending.set(ref, resolve);
        ws.send(JSON.stringify({ type: 'post', ref, text }));
      });
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      failPending();
      socket?.close(1000);
      socket = null;
      listeners.clear();
    },
  };
}
