import { createStudios, type StudiosPlugin } from '@casino/studios';
import { endorphinaWalletPrefix } from './endorphina/wallet-routes';
import { pragmaticWalletPrefix } from './pragmatic/wallet-routes';
import { studiosMountPath, type ProviderSettings } from './provider-settings';

/**
 * The three simulated studios, mounted in-process under /studios with the same secrets our
 * adapters use. Their public URLs (links in catalogs, game pages) are under PUBLIC_URL; their
 * calls to our wallet go to `callbackBaseUrl` over real HTTP, as a real provider's would.
 */
export function simulatedStudios(
  settings: ProviderSettings,
  callbackBaseUrl: string,
): StudiosPlugin {
  const studiosUrl = settings.studiosUrl ?? `${settings.siteUrl}${studiosMountPath}`;
  return createStudios({
    basePath: studiosMountPath,
    endorphina: {
      publicUrl: settings.endorphina.url,
      nodeId: settings.endorphina.nodeId,
      salt: settings.endorphina.salt,
      operatorUrl: `${callbackBaseUrl}${endorphinaWalletPrefix}`,
    },
    pragmatic: {
      publicUrl: `${studiosUrl}/pragmatic`,
      secureLogin: settings.pragmatic.secureLogin,
      secretKey: settings.pragmatic.secretKey,
      operatorUrl: `${callbackBaseUrl}${pragmaticWalletPrefix}`,
    },
    gbgames: {
      publicUrl: settings.gbgames.url,
      secret: settings.gbgames.secret,
      // GB Games calls {site root}/api/game/BetResult_url.
      operatorUrl: callbackBaseUrl,
    },
  });
}
