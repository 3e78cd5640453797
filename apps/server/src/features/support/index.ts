/**
 * The support feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { supportFeature } from './support-feature';
export type { SupportService } from './support-service';
export { supportPersonalData } from './support-personal-data';
