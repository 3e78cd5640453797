/**
 * Totals of list filters, kept for a short while: the total of a filter changes only when the
 * catalog does, yet counting it means visiting every matching row, where a page reads twenty
 * off an index. The cache is cleared after every sync; the time limit covers another instance
 * (on a shared PostgreSQL) having synced meanwhile.
 */
export interface CountCache {
  get(key: string, now: number): number | undefined;
  set(key: string, total: number, now: number): void;
  clear(): void;
}

export function createCountCache(options: { ttlMs: number; maxEntries: number }): CountCache {
  const entries = new Map<string, { total: number; expiresAt: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.total;
    },
    set(key, total, now) {
      // Search terms are unbounded; when full, start over rather than track usage.
      if (entries.size >= options.maxEntries) entries.clear();
      entries.set(key, { total, expiresAt: now + options.ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}
