/** One HTTP delivery of a webhook, as the host performs it (real HTTP, or in-process). */
export type WebhookSender = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
}) => Promise<{ status: number }>;

export interface WebhookRetryPolicy {
  /** Delay before the second attempt; doubles after each failure up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** An event still unacknowledged this long after it was created is given up. */
  maxAgeMs: number;
}

/** Like the modelled service: retried with growing delays for three days. */
export const defaultWebhookRetry: WebhookRetryPolicy = {
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  maxAgeMs: 3 * 24 * 60 * 60_000,
};

/** What the dispatcher sends: an id (its key in the queue), a creation time, any body. */
export interface Deliverable {
  id: string;
  /** Unix seconds: when the retries started counting. */
  created: number;
}

/** The card service's event. */
export interface WebhookEvent extends Deliverable {
  object: 'event';
  type: string;
  data: { object: Record<string, unknown> };
}

export interface DeliveryRecord<E extends Deliverable = WebhookEvent> {
  event: E;
  attempts: number;
  delivered: boolean;
  givenUp: boolean;
  lastStatus: number | null;
}

export interface WebhookDispatcherOptions<E extends Deliverable> {
  url: string;
  send: WebhookSender;
  /** The body of one attempt, and the signature headers for it at `now`. */
  serialize: (event: E) => string;
  sign: (body: string, now: Date) => Record<string, string>;
  retry: WebhookRetryPolicy;
  now: () => Date;
  /** Keep events queued until deliver() is called (tests that reorder deliveries). */
  hold: boolean;
  onError?: (message: string) => void;
}

/**
 * Sends every event to the merchant's endpoint, signed, until a 2xx acknowledges it. Each
 * attempt is signed afresh with its own timestamp, as the modelled service does.
 */
export class WebhookDispatcher<E extends Deliverable = WebhookEvent> {
  private readonly records = new Map<string, DeliveryRecord<E>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: WebhookDispatcherOptions<E>) {}

  emit(event: E): void {
    this.records.set(event.id, {
      event,
      attempts: 0,
      delivered: false,
      givenUp: false,
      lastStatus: null,
    });
    if (!this.options.hold) this.track(this.attempt(event.id));
  }

  /** Every event in the order it was created, with its delivery state. */
  list(): DeliveryRecord<E>[] {
    return [...this.records.values()];
  }

  /** Events not yet acknowledged (and not given up). */
  pending(): E[] {
    return this.list()
      .filter((r) => !r.delivered && !r.givenUp)
      .map((r) => r.event);
  }

  /** Attempts these events (default: every pending one) now, in the order given. */
  async deliver(eventIds?: string[]): Promise<void> {
    for (const id of eventIds ?? this.pending().map((e) => e.id)) {
      const timer = this.timers.get(id);
      if (timer) clearTimeout(timer);
      this.timers.delete(id);
      await this.attempt(id);
    }
  }

  /** Waits for the deliveries under way (not for scheduled retries). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async attempt(id: string): Promise<void> {
    const record = this.records.get(id);
    if (!record || record.delivered || record.givenUp || this.closed) return;
    record.attempts += 1;
    const body = this.options.serialize(record.event);
    const now = this.options.now();
    let status = 0;
    try {
      const answer = await this.options.send({
        url: this.options.url,
        headers: { 'content-type': 'application/json', ...this.options.sign(body, now) },
        body,
      });
      status = answer.status;
    } catch (error) {
      this.options.onError?.(
        `webhook ${id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    record.lastStatus = status;
    if (status >= 200 && status < 300) {
      record.delivered = true;
      return;
    }
    const { baseDelayMs, maxDelayMs, maxAgeMs } = this.options.retry;
    if (now.getTime() - record.event.created * 1000 > maxAgeMs) {
      record.givenUp = true;
      return;
    }
    if (this.options.hold || this.closed) return;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (record.attempts - 1));
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.track(this.attempt(id));
    }, delay);
    timer.unref();
    this.timers.set(id, timer);
  }
}
