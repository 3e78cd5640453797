import { httpLink, isRecord, parseJson, text } from '../catalog-fields';
import type { HttpTransport } from '../../../lib/http-transport';
import {
  catalogOf,
  providerLink,
  type LaunchRequest,
  type ProviderAdapter,
} from '../provider-adapter';
import { mapPragmaticGame } from './catalog';
import { pragmaticHash } from './signature';

export { mapPragmaticGame } from './catalog';

export interface PragmaticSettings {
  /** Integration API base, e.g. …/IntegrationService/v3/http/CasinoGameAPI (no trailing slash). */
  apiUrl: string;
  secureLogin: string;
  secretKey: string;
  /** ISO 3166-1 alpha-2 sent as game/url's required `country` (PRAGMATIC_COUNTRY). */
  country: string;
  /** The image host of `{imageUrl}/game_pic/square/200/{gameID}.png`; null: generated tiles. */
  imageUrl: string | null;
  /** The demo host of `{demoUrl}/gs2c/openGame.do?gameSymbol=…` (no trailing slash). */
  demoUrl: string;
}

const catalogTimeoutMs = 15_000;
// game/url/ is on the player's click path: better a quick 503 than a spinner for a minute.
const launchTimeoutMs = 8_000;

/** The site of an Integration API base: what comes before /IntegrationService. */
export const pragmaticSiteOf = (apiUrl: string): string =>
  apiUrl.replace(/\/IntegrationService(\/.*)?$/i, '');

export function pragmaticAdapter(
  settings: PragmaticSettings,
  transport: HttpTransport,
): ProviderAdapter {
  const { send, failed } = providerLink('pragmatic', transport);
  /** POST {apiUrl}/{method}/ with a signed form body; answers are HTTP 200 with `error`. */
  const call = async (
    method: string,
    params: Record<string, string>,
    timeoutMs: number,
  ): Promise<Record<string, unknown>> => {
    if (!settings.secretKey || !settings.secureLogin || !settings.apiUrl) {
      throw failed('not-configured', 'no secureLogin or secret key');
    }
    // Empty values are left out of the hash (the protocol's rule) and so out of the body.
    const sent = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
    const signed = { ...sent, hash: pragmaticHash(sent, settings.secretKey) };
    const answer = await send({
      method: 'POST',
      url: `${settings.apiUrl}/${method}/`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams(signed).toString(),
      timeoutMs,
    });
    const body = parseJson(answer.text);
    if (answer.status !== 200 || !isRecord(body)) {
      throw failed('unavailable', `${method}: HTTP ${answer.status}`);
    }
    const error = Number(body['error']);
    if (error === 0) return body;
    const description = text(body['description']) ?? '';
    if (error === 8) throw failed('game-not-found', description);
    // 5: our hash or secureLogin is wrong; 7: we sent bad parameters. Both are ours to fix.
    if (error === 5 || error === 7) {
      throw failed('refused', `${method}: error ${error} ${description}`);
    }
    throw failed('unavailable', `${method}: error ${error} ${description}`);
  };

  return {
    slug: 'pragmatic',

    async fetchCatalog() {
      const body = await call(
        'getCasinoGames',
        { secureLogin: settings.secureLogin, options: 'GetFeatures' },
        catalogTimeoutMs,
      );
      const list = body['gameList'];
      if (!Array.isArray(list)) {
        throw failed('unavailable', 'getCasinoGames: no gameList');
      }
      return catalogOf(list, (raw) => mapPragmaticGame(raw, settings));
    },

    async launchUrl(request: LaunchRequest) {
      const params: Record<string, string> = {
        secureLogin: settings.secureLogin,
        symbol: request.providerGameId,
        language: request.language,
        playMode: request.mode === 'real' ? 'REAL' : 'DEMO',
        // Required by the protocol; players have no country yet, so the configured one.
        country: settings.country,
        currency: request.currency,
        platform: 'WEB',
        lobbyUrl: request.lobbyUrl,
      };
      if (request.mode === 'real') {
        if (!request.token || !request.playerId) {
          throw new Error('a real-money launch needs a launch token and a player');
        }
        params['token'] = request.token;
        params['externalPlayerId'] = request.playerId;
      }
      const body = await call('game/url', params, launchTimeoutMs);
      const url = httpLink(body['gameURL']);
      if (!url) throw failed('unavailable', 'game/url: no gameURL');
      return url;
    },
  };
}
