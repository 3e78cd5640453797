/**
 * The providers feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { commandConfig } from './command-config';
export type { CommandIo } from './command-config';
export { ProviderError } from './provider-adapter';
export type { CatalogEntry, LaunchLanguage, ProviderAdapter } from './provider-adapter';
export {
  providerConfigFrom,
  providerConfigProblems,
  providerConfigVariables,
  providerEnvShape,
  providerSecretVariables,
} from './provider-config';
export type { ProviderConfigPart } from './provider-config';
export { enabledProviders } from './provider-settings';
export type { ProviderSettings } from './provider-settings';
export { providersFeature } from './providers-feature';
export { prepareSimulatedProviders } from './simulated-secrets';
export { checkProviderSetup } from './setup-check';
export { endorphinaWalletPrefix } from './endorphina/wallet-routes';
export { gbMessageTypes } from './gbgames/wallet-params';
export { gbWalletPath } from './gbgames/wallet-routes';
export { pragmaticWalletPrefix } from './pragmatic/wallet-routes';
