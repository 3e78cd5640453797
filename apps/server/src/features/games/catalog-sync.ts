import type { ProviderSlug } from '@casino/contracts';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import { ProviderError, type ProviderAdapter } from '../providers';
import type { CatalogRepository } from './catalog-repository';

export type SyncReport =
  | { provider: ProviderSlug; ok: true; upserted: number; disabled: number }
  | { provider: ProviderSlug; ok: false; error: string; retryable: boolean };

export interface CatalogSync {
  /** Syncs every provider at once; one provider's failure never touches the others. */
  syncAll(): Promise<SyncReport[]>;
  syncProvider(provider: ProviderSlug): Promise<SyncReport>;
}

export interface CatalogSyncDeps {
  adapters: readonly ProviderAdapter[];
  repository: CatalogRepository;
  clock: Clock;
  logger: Logger;
  /** Called after a sync changed the catalog (the list totals are cached). */
  onChange: () => void;
}

export function createCatalogSync(deps: CatalogSyncDeps): CatalogSync {
  const running = new Map<ProviderSlug, Promise<SyncReport>>();

  async function run(adapter: ProviderAdapter): Promise<SyncReport> {
    const provider = adapter.slug;
    try {
      const entries = await adapter.fetchCatalog();
      // An empty answer is far likelier a provider fault than a studio closing every game;
      // disabling the whole catalog on it would empty the lobby. Keep what we have.
      if (entries.length === 0) {
        throw new ProviderError(provider, 'unavailable', 'the catalog came back empty');
      }
      const { upserted, disabled } = await deps.repository.replaceProviderCatalog(
        provider,
        entries,
        deps.clock.now(),
      );
      deps.onChange();
      deps.logger.info({ provider, upserted, disabled }, 'game catalog synced');
      return { provider, ok: true, upserted, disabled };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // Our own bugs and database failures are retried too: the catalog stays as it was.
      const retryable = !(error instanceof ProviderError) || error.failure === 'unavailable';
      deps.logger.warn(
        { provider, err: error },
        'game catalog sync failed; the previous catalog stays',
      );
      return { provider, ok: false, error: message, retryable };
    }
  }

  function syncProvider(provider: ProviderSlug): Promise<SyncReport> {
    const adapter = deps.adapters.find((a) => a.slug === provider);
    if (!adapter) {
      return Promise.resolve({ provider, ok: false, error: 'no such provider', retryable: false });
    }
    // Two syncs of one provider at once would race on the disable step; share the running one.
    let pending = running.get(provider);
    if (!pending) {
      pending = run(adapter).finally(() => running.delete(provider));
      running.set(provider, pending);
    }
    return pending;
  }

  return {
    syncProvider,
    syncAll: () => Promise.all(deps.adapters.map((a) => syncProvider(a.slug))),
  };
}
