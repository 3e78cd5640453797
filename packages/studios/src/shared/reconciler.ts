/**
 * Calls that must eventually reach the operator (a refund of an unconfirmed bet, a win that
 * never got through) keep being retried in the background, as providers do for about a day.
 */
export interface ReconcilerOptions {
  /** First delay; it doubles after each failed try up to maxDelayMs. */
  intervalMs: number;
  maxDelayMs: number;
  /** Give up after this long (the entry is logged and dropped). */
  maxAgeMs: number;
  onGiveUp?: (label: string) => void;
}

interface Entry {
  label: string;
  /** Resolves true when the call is confirmed (or refused for good), false to try again. */
  run: () => Promise<boolean>;
  createdAt: number;
  nextAt: number;
  tries: number;
}

export class Reconciler {
  private readonly entries = new Set<Entry>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly options: ReconcilerOptions) {}

  add(label: string, run: () => Promise<boolean>): void {
    const now = Date.now();
    this.entries.add({
      label,
      run,
      createdAt: now,
      nextAt: now + this.options.intervalMs,
      tries: 0,
    });
    this.schedule();
  }

  get pending(): number {
    return this.entries.size;
  }

  /** Runs every entry that is due (all of them with force), one at a time. */
  async runDue(force = false): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = Date.now();
      for (const entry of [...this.entries]) {
        if (!force && entry.nextAt > now) continue;
        entry.tries++;
        let done = false;
        try {
          done = await entry.run();
        } catch {
          done = false;
        }
        if (done) {
          this.entries.delete(entry);
        } else if (Date.now() - entry.createdAt > this.options.maxAgeMs) {
          this.entries.delete(entry);
          this.options.onGiveUp?.(entry.label);
        } else {
          const delay = Math.min(
            this.options.intervalMs * 2 ** entry.tries,
            this.options.maxDelayMs,
          );
          entry.nextAt = Date.now() + delay;
        }
      }
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.entries.clear();
  }

  private schedule(): void {
    if (this.entries.size === 0) {
      if (this.timer) clearInterval(this.timer);
      this.timer = undefined;
      return;
    }
    if (this.timer) return;
    this.timer = setInterval(() => void this.runDue(), Math.min(this.options.intervalMs, 5_000));
    // A pending retry must not keep a process alive that is otherwise done.
    this.timer.unref();
  }
}
