/**
 * Responsible gaming's public entry (decision 034): the reality check the shell mounts for a
 * signed-in player, the game page's session clock, and the limit step offered at registration
 * and at the first deposit. The limits page is loaded lazily by the router from pages/.
 */
export { LazyLimitsOffer, LazyRealityCheck, LazySessionClock } from './components/lazy';
