/**
 * Answers about the catalog kept for a short while: list totals (counting visits every
 * matching row, where a page reads twenty off an index) and public list pages. They change
 * only when the catalog does; the owner clears the cache on every change, its own syncs' and
 * any other writer's (NOTIFY catalog_changed, decision 054), and the time limit is the
 * backstop for a notice lost while the LISTEN connection was down.
 */
export interface CatalogCache<T> {
  get(key: string, now: number): T | undefined;
  /**
   * Keeps `value`, unless the cache was cleared since `generation` (read before the value
   * was): an answer read from the old catalog is not kept after the change was heard.
   */
  set(key: string, value: T, now: number, generation?: number): void;
  clear(): void;
  /** Grows with every clear(). */
  generation(): number;
}

export function createCatalogCache<T>(options: {
  ttlMs: number;
  maxEntries: number;
}): CatalogCache<T> {
  const entries = new Map<string, { value: T; expiresAt: number }>();
  let generation = 0;
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
    set(key, value, now, readAt) {
      if (options.ttlMs <= 0) return;
      if (readAt !== undefined && readAt !== generation) return;
      // Search terms are unbounded; when full, start over rather than track usage.
      if (entries.size >= options.maxEntries) entries.clear();
      entries.set(key, { value, expiresAt: now + options.ttlMs });
    },
    clear() {
      generation += 1;
      entries.clear();
    },
    generation: () => generation,
  };
}
