// The studios package's public surface: the plugin and its options. Signing helpers stay
// private on purpose: the operator (our server) implements its own side of each protocol.
export { createStudios } from './create-studios';
export type {
  EndorphinaStudioOptions,
  GbGamesStudioOptions,
  PragmaticStudioOptions,
  RetryPolicy,
  Rng,
  SessionOwners,
  SessionSharing,
  StudiosOptions,
  StudiosPlugin,
} from './create-studios';
