/**
 * The users feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { createAvatarStore } from './avatar-store';
export { avatarUrlPrefix } from './me';
export { findUserId } from './player-lookup';
export { usersFeature } from './users-feature';
