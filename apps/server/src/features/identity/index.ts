/**
 * The identity feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { identityFeature } from './identity-feature';
export type { IdentityService } from './identity-service';
export { extensionOf } from './document-type';
export { identityPersonalData } from './identity-personal-data';
