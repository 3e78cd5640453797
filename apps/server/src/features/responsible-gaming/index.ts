/**
 * The responsible-gaming feature's public entry: other features and the app import only this
 * file (decision 035).
 */
export { responsibleGamingFeature } from './responsible-gaming-feature';
export { rgConfigFrom, rgConfigVariables, rgEnvShape } from './rg-config';
export type { RgConfig, RgConfigPart } from './rg-config';
export type { RgService } from './rg-service';
export { isRgRefusal, rgBetAdmitted, rgBetRefusal, rgRecordPosting } from './rg-statements';
export type { RgRefusal } from './rg-statements';
export { rgOperatorView } from './rg-operator-view';
export type { RgChange } from './rg-limits-service';
export { rgPersonalData } from './rg-personal-data';
