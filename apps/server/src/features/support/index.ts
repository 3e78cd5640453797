/**
 * The support feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { supportFeature } from './support-feature';
