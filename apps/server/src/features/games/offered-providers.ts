import { gamesErrorCodes, providerSlugs, type ProviderSlug } from '@casino/contracts';
import { AppError } from '../../lib/errors';

/**
 * The providers the operator runs (simulated or external), in navigation order. A provider
 * switched off (`{PROVIDER}_MODE=off`) is gone from the lists, and its own endpoints answer
 * 404 PROVIDER_DISABLED so that the web app can say so instead of showing an empty grid.
 */
export interface OfferedProviders {
  readonly list: readonly ProviderSlug[];
  has(provider: ProviderSlug): boolean;
  /** Throws 404 PROVIDER_DISABLED for a provider that is off. */
  require(provider: ProviderSlug): void;
}

/** 404 PROVIDER_DISABLED: the answer for anything of a provider that is off. */
export const providerDisabled = () =>
  new AppError(404, gamesErrorCodes.PROVIDER_DISABLED, 'This game provider is not available.');

export function offeredProviders(offered: readonly ProviderSlug[]): OfferedProviders {
  // Navigation order whatever order the caller gave.
  const list = providerSlugs.filter((provider) => offered.includes(provider));
  return {
    list,
    has: (provider) => list.includes(provider),
    require(provider) {
      if (!list.includes(provider)) throw providerDisabled();
    },
  };
}
