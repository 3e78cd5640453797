import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { EndorphinaSettings } from './endorphina/endorphina-adapter';
import type { GbGamesSettings } from './gbgames/gbgames-adapter';
import type { ProviderMode } from './provider-config';
import type { PragmaticSettings } from './pragmatic/pragmatic-adapter';

/** Every provider's base URL and secrets, final: what the adapters and callbacks use. */
export interface ProviderSettings {
  mode: ProviderMode;
  /** The site's public origin (PUBLIC_URL, else http://localhost:PORT), no trailing slash. */
  siteUrl: string;
  /** Simulated mode: where the in-process studios are mounted, as browsers reach them. */
  studiosUrl: string | undefined;
  endorphina: EndorphinaSettings;
  pragmatic: PragmaticSettings;
  gbgames: GbGamesSettings;
}

export type ProviderSettingsConfig = Pick<Config, 'port' | 'host' | 'publicUrl' | 'providers'>;

export const studiosMountPath = '/studios';
/** Pragmatic's Integration API path under its base (the real one has the same). */
export const pragmaticApiPath = '/IntegrationService/v3/http/CasinoGameAPI';

export function siteUrlOf(config: Pick<Config, 'port' | 'publicUrl'>): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/**
 * Where a studio reaches our wallet callbacks in simulated mode: this very process, over the
 * loopback interface, the way a third party would call us (real HTTP, real signatures).
 */
export function callbackBaseUrlOf(config: Pick<Config, 'port' | 'host'>): string {
  const host = config.host;
  const loopback =
    host === '0.0.0.0' || host === '::' || host === '' || host === 'localhost'
      ? '127.0.0.1'
      : host.includes(':')
        ? `[${host}]`
        : host;
  return `http://${loopback}:${config.port}`;
}

export function generateSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The final settings. External: exactly what is configured (loadConfig made sure all of it
 * is). Simulated: the studios' own URLs under PUBLIC_URL/studios, and the configured secrets
 * or, where none is configured (tests, a bare buildApp), fresh ones for this process only;
 * the server proper fills them from DATA_DIR/providers.json first (simulated-secrets.ts).
 */
export function resolveProviderSettings(config: ProviderSettingsConfig): ProviderSettings {
  const siteUrl = siteUrlOf(config);
  const { mode, endorphina, pragmatic, gbgames } = config.providers;
  if (mode === 'external') {
    return {
      mode,
      siteUrl,
      studiosUrl: undefined,
      // An empty secret makes the adapter refuse every call (fail closed), never sign with ''.
      endorphina: {
        url: endorphina.url ?? '',
        nodeId: endorphina.nodeId ?? '',
        salt: endorphina.salt ?? '',
        ...endorphinaListSettings(endorphina),
      },
      pragmatic: {
        apiUrl: pragmatic.apiUrl ?? '',
        secureLogin: pragmatic.secureLogin ?? '',
        secretKey: pragmatic.secretKey ?? '',
      },
      gbgames: { url: gbgames.url ?? '', secret: gbgames.secret ?? '' },
    };
  }
  const studiosUrl = `${siteUrl}${studiosMountPath}`;
  return {
    mode,
    siteUrl,
    studiosUrl,
    endorphina: {
      url: `${studiosUrl}/endorphina`,
      nodeId: endorphina.nodeId ?? `node-${randomBytes(4).toString('hex')}`,
      salt: endorphina.salt ?? generateSecret(),
      // The studio serves its list as a feed, as a provider would; a configured list wins.
      ...endorphinaListSettings({
        gamesUrl: `${studiosUrl}/endorphina/api/games`,
        ...endorphina,
      }),
    },
    pragmatic: {
      apiUrl: `${studiosUrl}/pragmatic${pragmaticApiPath}`,
      secureLogin: pragmatic.secureLogin ?? `orbita_${randomBytes(4).toString('hex')}`,
      secretKey: pragmatic.secretKey ?? generateSecret(),
    },
    gbgames: { url: `${studiosUrl}/gbgames`, secret: gbgames.secret ?? generateSecret() },
  };
}

/** Endorphina's list, artwork and demo settings as configured (none of them is a secret). */
function endorphinaListSettings(
  endorphina: ProviderSettingsConfig['providers']['endorphina'],
): Pick<EndorphinaSettings, 'gamesFile' | 'gamesUrl' | 'imageUrl' | 'demoUrl' | 'demoAccountId'> {
  return {
    gamesFile: endorphina.gamesFile,
    gamesUrl: endorphina.gamesUrl,
    imageUrl: endorphina.imageUrl,
    demoUrl: endorphina.demoUrl,
    demoAccountId: endorphina.demoAccountId,
  };
}
