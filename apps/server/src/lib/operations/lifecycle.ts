/**
 * The process's place between start and exit, as the load balancer and the shutdown need it:
 * whether shutdown began (readiness answers 503, new requests are refused) and how many
 * requests are still being answered. One per app (app.lifecycle).
 */
export interface Lifecycle {
  readonly shuttingDown: boolean;
  /**
   * Starts the shutdown once (later calls do nothing): readiness fails from now on, and
   * every listener registered with onShutdown runs at once (streams and sockets end with
   * a reconnect hint, so they move to another instance instead of holding this one up).
   */
  beginShutdown(): void;
  onShutdown(listener: () => void): void;
  /** Counts a request as in flight; call the returned function once it is answered. */
  requestStarted(): () => void;
  inFlight(): number;
  /**
   * Resolves true once no request has been in flight for `settleMs` (so a request that was
   * still in the accept queue is answered too), or false when `timeoutMs` passed first.
   */
  drained(timeoutMs: number, settleMs?: number): Promise<boolean>;
}

export function createLifecycle(): Lifecycle {
  let shuttingDown = false;
  let inFlight = 0;
  const listeners: (() => void)[] = [];
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    beginShutdown() {
      if (shuttingDown) return;
      shuttingDown = true;
      for (const listener of listeners.splice(0)) listener();
    },
    onShutdown(listener) {
      if (shuttingDown) listener();
      else listeners.push(listener);
    },
    requestStarted() {
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
      };
    },
    inFlight: () => inFlight,
    async drained(timeoutMs, settleMs = 50) {
      const deadline = performance.now() + timeoutMs;
      let idleSince: number | undefined;
      for (;;) {
        const now = performance.now();
        if (inFlight === 0) {
          idleSince ??= now;
          if (now - idleSince >= settleMs) return true;
        } else idleSince = undefined;
        if (now >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
