/**
 * An in-memory map whose entries expire after a period without use, with a size cap so a
 * flood of launches cannot exhaust memory. A studio's sessions need nothing more durable:
 * losing them means the player relaunches the game, as with a real provider's restart.
 */
export class TtlStore<T> {
  private readonly map = new Map<string, { value: T; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  set(key: string, value: T): void {
    this.map.delete(key);
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.map.delete(oldest.value);
    }
    this.map.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }

  /** The value, with its expiry pushed back (sliding), or undefined when gone. */
  get(key: string): T | undefined {
    const entry = this.map.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    this.map.delete(key);
    entry.expiresAt = Date.now() + this.ttlMs;
    this.map.set(key, entry);
    return entry.value;
  }

  delete(key: string): void {
    this.map.delete(key);
  }
}
