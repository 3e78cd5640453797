import type { ProviderSlug } from '@casino/contracts';
import type { TFunction } from 'i18next';
import { clientErrorCode, isApiError } from '../../../shared/lib/api-client';
import { gamesErrorCodes } from '../catalog';

/**
 * What a player reads when a game does not open (404 GAME_NOT_FOUND, 404 PROVIDER_DISABLED,
 * 503 PROVIDER_UNAVAILABLE).
 */
export function launchErrorText(error: unknown, provider: ProviderSlug, t: TFunction): string {
  if (!isApiError(error)) return t('games.errors.generic');
  // Before the 404 rule: the provider is switched off, not the game gone.
  if (error.code === gamesErrorCodes.PROVIDER_DISABLED) {
    return t('games.errors.disabled', { provider: t(`games.providers.${provider}`) });
  }
  if (error.code === gamesErrorCodes.GAME_NOT_FOUND || error.status === 404) {
    return t('games.errors.notFound');
  }
  if (error.code === gamesErrorCodes.PROVIDER_UNAVAILABLE || error.status === 503) {
    return t('games.errors.unavailable', { provider: t(`games.providers.${provider}`) });
  }
  if (error.code === clientErrorCode.network) return t('games.errors.network');
  return t('games.errors.generic');
}
