/**
 * The instance feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { createAppMetaRepository } from './app-meta-repository';
export { ensureInstanceIdentity } from './instance-service';
