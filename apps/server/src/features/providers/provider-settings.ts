import { randomBytes } from 'node:crypto';
import type { ProviderSlug } from '@casino/contracts';
import type { Config } from '../../config';
import type { EndorphinaSettings } from './endorphina/adapter';
import type { GbGamesSettings } from './gbgames/adapter';
import { providerModesOf, type ProviderMode } from './provider-config';
import { pragmaticSiteOf, type PragmaticSettings } from './pragmatic/adapter';

/** Every provider's base URL and secrets, final: what the adapters and callbacks use. */
export interface ProviderSettings {
  /** Each provider's mode (simulated, external or off), in navigation order. */
  modes: Readonly<Record<ProviderSlug, ProviderMode>>;
  /**
   * The site's public origin (PUBLIC_URL, else http://localhost:PORT), no trailing slash: for
   * what is read outside a browser of this site (the callback URLs a provider is given).
   */
  siteUrl: string;
  /**
   * Where the site's pages are as the browser reaches them: PUBLIC_URL, or '' (same origin)
   * when it is unset, so that every link we hand a browser works at whatever address the
   * player typed (127.0.0.1, a LAN address: issue 25).
   */
  pageBase: string;
  /** Where the in-process studios are mounted, as browsers reach them: `${pageBase}/studios`. */
  studiosUrl: string;
  /**
   * The same studios as this server's adapters call them (catalogs, launches): always
   * absolute; the in-process transport answers them without the network.
   */
  studiosApiUrl: string;
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

/** PUBLIC_URL without a trailing slash, or '' (links relative to the request's own origin). */
export function pageBaseOf(config: Pick<Config, 'publicUrl'>): string {
  return (config.publicUrl ?? '').replace(/\/+$/, '');
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

/** The providers that are offered (simulated or external), in navigation order. */
export function enabledProviders(settings: Pick<ProviderSettings, 'modes'>): ProviderSlug[] {
  return (Object.keys(settings.modes) as ProviderSlug[]).filter(
    (provider) => settings.modes[provider] !== 'off',
  );
}

/** Whether any provider is served by the built-in studios (they are mounted only then). */
export function anySimulated(settings: Pick<ProviderSettings, 'modes'>): boolean {
  return Object.values(settings.modes).includes('simulated');
}

/**
 * The final settings, provider by provider. External: exactly what is configured (loadConfig
 * made sure all of it is). Simulated: the studio's own URLs under PUBLIC_URL/studios (or the
 * same-origin /studios without PUBLIC_URL) for what a browser opens, its API under
 * studiosApiUrl for what the adapters call, and the
 * configured secrets or, where none is configured (tests, a bare buildApp), fresh ones for
 * this process only; the server proper fills them from DATA_DIR/providers.json first
 * (simulated-secrets.ts). Off: no URL, and only the secrets configured for the wallet
 * callbacks (none: every callback is refused).
 */
export function resolveProviderSettings(config: ProviderSettingsConfig): ProviderSettings {
  const siteUrl = siteUrlOf(config);
  const pageBase = pageBaseOf(config);
  const studiosUrl = `${pageBase}${studiosMountPath}`;
  const studiosApiUrl = `${siteUrl}${studiosMountPath}`;
  const { endorphina, pragmatic, gbgames } = config.providers;
  // An empty secret makes the adapter refuse every call (fail closed), never sign with ''.
  return {
    modes: providerModesOf(config.providers),
    siteUrl,
    pageBase,
    studiosUrl,
    studiosApiUrl,
    endorphina:
      endorphina.mode === 'simulated'
        ? {
            url: `${studiosUrl}/endorphina`,
            nodeId: endorphina.nodeId ?? `node-${randomBytes(4).toString('hex')}`,
            salt: endorphina.salt ?? generateSecret(),
            // The studio serves its list as a feed, as a provider would.
            ...endorphinaListSettings({ gamesUrl: `${studiosApiUrl}/endorphina/api/games` }),
          }
        : {
            url: endorphina.url ?? '',
            nodeId: endorphina.nodeId ?? '',
            salt: endorphina.salt ?? '',
            ...endorphinaListSettings(endorphina),
          },
    pragmatic:
      pragmatic.mode === 'simulated'
        ? {
            apiUrl: `${studiosApiUrl}/pragmatic${pragmaticApiPath}`,
            country: pragmatic.country,
            imageUrl: `${studiosUrl}/pragmatic`,
            demoUrl: `${studiosUrl}/pragmatic`,
            secureLogin: pragmatic.secureLogin ?? `orbita_${randomBytes(4).toString('hex')}`,
            secretKey: pragmatic.secretKey ?? generateSecret(),
          }
        : {
            apiUrl: pragmatic.apiUrl ?? '',
            secureLogin: pragmatic.secureLogin ?? '',
            secretKey: pragmatic.secretKey ?? '',
            country: pragmatic.country,
            // No image host: generated tiles. No demo host: the Integration API's own host.
            imageUrl: pragmatic.imageUrl ?? null,
            demoUrl: pragmatic.demoUrl ?? pragmaticSiteOf(pragmatic.apiUrl ?? ''),
          },
    gbgames:
      gbgames.mode === 'simulated'
        ? // GB Games' base is only ever called by the adapter (its launch answers the page).
          { url: `${studiosApiUrl}/gbgames`, secret: gbgames.secret ?? generateSecret() }
        : { url: gbgames.url ?? '', secret: gbgames.secret ?? '' },
  };
}

/** Endorphina's list, artwork and demo settings as configured (none of them is a secret). */
function endorphinaListSettings(
  endorphina: Partial<ProviderSettingsConfig['providers']['endorphina']>,
): Pick<EndorphinaSettings, 'gamesFile' | 'gamesUrl' | 'imageUrl' | 'demoUrl' | 'demoAccountId'> {
  return {
    gamesFile: endorphina.gamesFile,
    gamesUrl: endorphina.gamesUrl,
    imageUrl: endorphina.imageUrl,
    demoUrl: endorphina.demoUrl,
    demoAccountId: endorphina.demoAccountId,
  };
}
