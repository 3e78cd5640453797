import { useRunningProviders } from '../../features/games';
import { providerNavFor } from './nav-items';
import { NavSection } from './nav-list';

/**
 * The provider navigation as the operator runs it (GET /games/providers). The sidebar loads it
 * lazily: the query hooks and the API client it needs are not part of the first download.
 */
export function RunningProviderNav({ label }: { label: string }) {
  return <NavSection label={label} items={providerNavFor(useRunningProviders())} />;
}
