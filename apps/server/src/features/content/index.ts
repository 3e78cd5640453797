/**
 * The content feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { contentFeature } from './content-feature';
export type { ContentChange, ContentService } from './content-service';
