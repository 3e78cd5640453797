/**
 * The staff feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { staffFeature } from './staff-feature';
export { staffPersonalData } from './staff-personal-data';
