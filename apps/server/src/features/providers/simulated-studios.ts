import { createStudios, type SessionSharing, type StudiosPlugin } from '@casino/studios';
import { endorphinaWalletPrefix } from './endorphina/wallet-routes';
import { pragmaticWalletPrefix } from './pragmatic/wallet-routes';
import { studiosMountPath, type ProviderSettings } from './provider-settings';

/**
 * The simulated studios of the providers in simulated mode, mounted in-process under /studios with the same secrets our
 * adapters use. Their public URLs (links in catalogs, game pages) are under PUBLIC_URL, or
 * same-origin paths (/studios/…) without it, so they load at any address of the site; their
 * calls to our wallet go to `callbackBaseUrl` over real HTTP, as a real provider's would.
 */
export function simulatedStudios(
  settings: ProviderSettings,
  callbackBaseUrl: string,
  sharing?: SessionSharing,
): StudiosPlugin {
  const { studiosUrl, modes } = settings;
  // Only the providers the operator runs simulated get a studio: an external or off
  // provider's studio would serve games nobody should reach.
  return createStudios({
    basePath: studiosMountPath,
    // Several instances: a game opened on one is played there, from whichever it is reached.
    ...(sharing && { sharing }),
    ...(modes.endorphina === 'simulated' && {
      endorphina: {
        publicUrl: settings.endorphina.url,
        nodeId: settings.endorphina.nodeId,
        salt: settings.endorphina.salt,
        operatorUrl: `${callbackBaseUrl}${endorphinaWalletPrefix}`,
      },
    }),
    ...(modes.pragmatic === 'simulated' && {
      pragmatic: {
        publicUrl: `${studiosUrl}/pragmatic`,
        secureLogin: settings.pragmatic.secureLogin,
        secretKey: settings.pragmatic.secretKey,
        operatorUrl: `${callbackBaseUrl}${pragmaticWalletPrefix}`,
      },
    }),
    ...(modes.gbgames === 'simulated' && {
      gbgames: {
        publicUrl: `${studiosUrl}/gbgames`,
        secret: settings.gbgames.secret,
        // GB Games calls {site root}/api/game/BetResult_url.
        operatorUrl: callbackBaseUrl,
      },
    }),
  });
}
