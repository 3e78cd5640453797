/**
 * The game-sessions feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { gameSessionsFeature } from './game-sessions-feature';
export {
  launchTokenPlayer,
  liveLaunchCondition,
  liveLaunchTokenCondition,
} from './launch-repository';
export type { LaunchRepository } from './launch-repository';
export type { LaunchSessions, OpenSession, SessionLookup } from './launch-sessions';
export { hashLaunchToken, newLaunchToken } from './launch-token';
export { gameSessionsPersonalData } from './game-sessions-personal-data';
