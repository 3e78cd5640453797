/**
 * The health feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { healthFeature } from './health-feature';
export { healthPath } from './health-routes';
export { livenessPath, readinessPath } from './health-routes';
