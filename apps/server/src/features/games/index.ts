/**
 * The games feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { gamesFeature } from './games-feature';
export type { GameControls, SwitchChange } from './game-controls';
