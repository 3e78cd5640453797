/**
 * The bonus feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { bonusFeature } from './bonus-feature';
export type { BonusService } from './bonus-service';
export type { BonusAdminChange } from './bonus-admin';
export type { ForfeitConfirmation } from './bonus-withdrawal';
export { bonusPersonalData } from './bonus-personal-data';
