/**
 * The users feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { avatarUrlPrefix } from './me';
export { findUserId } from './player-lookup';
export { usersFeature } from './users-feature';
export type { AvatarStore } from './avatar-store';
export { usersPersonalData } from './users-personal-data';
