/**
 * The games feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { gamesFeature } from './games-feature';
export { gamesPersonalData } from './games-personal-data';
export type { GameControls, SwitchChange } from './game-controls';
export type { LobbyChange, LobbyControls } from './lobby-controls';
