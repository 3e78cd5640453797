/**
 * The reports feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { reportsFeature } from './reports-feature';
export type { ReportsService } from './reports-service';
export { reportsPersonalData } from './reports-personal-data';
