/**
 * The games feature's public entry (decision 034): what the shell uses of the lobby on every
 * page (the header's search box, the Play modal, the providers the operator runs). The lobby's
 * pages are not here: the router loads each one lazily from features/games/pages/, so that each
 * stays its own chunk.
 */
export { HeaderSearch } from './components/header-search';
export { LazyPlayModal } from './components/lazy-play-modal';
export { isProviderRunning, useRunningProviders } from './api/provider-list';
