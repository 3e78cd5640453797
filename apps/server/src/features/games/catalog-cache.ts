/**
 * Answers about the catalog kept for a short while: list totals (counting visits every
 * matching row, where a page reads twenty off an index) and public list pages. They change
 * only when the catalog does; the owner clears the cache after every sync, and the time limit
 * covers another instance (on a shared PostgreSQL) having synced meanwhile.
 */
export interface CatalogCache<T> {
  get(key: string, now: number): T | undefined;
  set(key: string, value: T, now: number): void;
  clear(): void;
}

export function createCatalogCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
}): CatalogCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now) {
      if (options.ttlMs <= 0) return;
      // Search terms are unbounded; when full, start over rather than track usage.
      if (entries.size >= options.maxEntries) entries.clear();
      entries.set(key, { value, expiresAt: now + options.ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
}
