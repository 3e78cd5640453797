import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';

/** The shared channel on which instances tell each other how many readers they hold. */
export const chatPresenceChannel = 'chat:presence';

/** Each instance repeats its count this often… */
export const presenceIntervalMs = 10_000;
/** …and a peer not heard of for this long is taken for gone (crashed without a goodbye). */
const peerTimeoutMs = 3 * presenceIntervalMs;

interface PresenceFrame {
  instance: string;
  count: number;
  /** A new instance asks the others to announce themselves at once. */
  hello?: boolean;
  /** The instance is closing: forget it now rather than after the timeout. */
  bye?: boolean;
}

export interface ChatPresence {
  /** Open readers on every instance. */
  total(): number;
  /** This instance's readers changed. */
  setLocal(count: number): void;
  close(): Promise<void>;
}

/**
 * The online count across instances. Each instance publishes its own number of open chat
 * sockets on change and every 10 s; each adds up the latest figure of every peer heard of in
 * the last 30 s. No shared counter to drift: an instance that dies simply stops counting
 * once its last figure is too old. `onChange` fires when the total moves.
 */
export async function createChatPresence(deps: {
  shared: SharedState;
  logger: Logger;
  onChange: (total: number) => void;
  now?: () => number;
}): Promise<ChatPresence> {
  const now = deps.now ?? Date.now;
  const self = randomUUID();
  const peers = new Map<string, { count: number; seenAt: number }>();
  let local = 0;
  let lastTotal = 0;
  let closed = false;

  const total = () => {
    let sum = local;
    const cutoff = now() - peerTimeoutMs;
    for (const [id, peer] of peers) {
      if (peer.seenAt < cutoff) peers.delete(id);
      else sum += peer.count;
    }
    return sum;
  };
  const check = () => {
    const value = total();
    if (value !== lastTotal) {
      lastTotal = value;
      deps.onChange(value);
    }
  };
  const announce = (extra: Partial<PresenceFrame> = {}) => {
    const frame: PresenceFrame = { instance: self, count: local, ...extra };
    deps.shared.publish(chatPresenceChannel, JSON.stringify(frame)).catch((err: unknown) => {
      deps.logger.warn({ err }, 'chat presence not published');
    });
  };

  const unsubscribe = await deps.shared.subscribe(chatPresenceChannel, (raw) => {
    let frame: PresenceFrame;
    try {
      frame = JSON.parse(raw) as PresenceFrame;
    } catch {
      return;
    }
    if (frame.instance === self || typeof frame.count !== 'number') return;
    if (frame.bye) peers.delete(frame.instance);
    else peers.set(frame.instance, { count: frame.count, seenAt: now() });
    if (frame.hello) announce();
    check();
  });
  const timer = setInterval(() => {
    announce();
    check();
  }, presenceIntervalMs);
  timer.unref();
  announce({ hello: true });

  return {
    total,
    setLocal(count) {
      if (closed) return;
      local = count;
      announce();
      check();
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      announce({ count: 0, bye: true });
      await unsubscribe();
    },
  };
}
