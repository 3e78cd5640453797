/**
 * The metrics feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { metricsFeature, metricsPath } from './metrics-feature';
export { createMetrics } from './metrics-registry';
