import type { Clock } from '../../../lib/clock';
import { httpLink, isRecord, parseJson, text } from '../catalog-fields';
import type { HttpTransport } from '../../../lib/http-transport';
import {
  catalogOf,
  providerLink,
  type LaunchRequest,
  type ProviderAdapter,
} from '../provider-adapter';
import { mapGbGame } from './catalog';
import { gbSignature, gbSignatureHeader } from './signature';

export interface GbGamesSettings {
  /** Studio base URL, no trailing slash. */
  url: string;
  secret: string;
}

const catalogTimeoutMs = 15_000;
const launchTimeoutMs = 8_000;

export function gbgamesAdapter(
  settings: GbGamesSettings,
  transport: HttpTransport,
  clock: Clock,
): ProviderAdapter {
  const { send, failed } = providerLink('gbgames', transport);
  const configured = (): void => {
    if (!settings.secret || !settings.url) {
      throw failed('not-configured', 'no shared secret configured');
    }
  };

  /** The answer's JSON, or a ProviderError that says whose problem it is. */
  const readAnswer = (what: string, status: number, raw: string): Record<string, unknown> => {
    const body = parseJson(raw);
    if (status === 200 && isRecord(body) && body['status'] === 'OK') return body;
    const code = isRecord(body) ? text(body['code']) : undefined;
    if (code === 'GAME_NOT_FOUND') throw failed('game-not-found', what);
    if (code === 'INVALID_SIGNATURE' || code === 'BAD_REQUEST') {
      throw failed('refused', `${what}: ${code}`);
    }
    throw failed('unavailable', `${what}: HTTP ${status} ${code ?? ''}`);
  };

  return {
    slug: 'gbgames',

    async fetchCatalog() {
      configured();
      // The signature covers the raw query string, which carries a fresh timestamp (§2).
      const query = `timestamp=${encodeURIComponent(clock.now().toISOString())}`;
      const answer = await send({
        method: 'GET',
        url: `${settings.url}/api/v1/games?${query}`,
        headers: {
          accept: 'application/json',
          [gbSignatureHeader]: gbSignature(query, settings.secret),
        },
        timeoutMs: catalogTimeoutMs,
      });
      const body = readAnswer('catalog', answer.status, answer.text);
      if (!Array.isArray(body['games'])) {
        throw failed('unavailable', 'catalog: no games');
      }
      return catalogOf(body['games'], mapGbGame);
    },

    async launchUrl(request: LaunchRequest) {
      configured();
      const message: Record<string, string> = {};
      if (request.mode === 'real') {
        if (!request.token || !request.playerId) {
          throw new Error('a real-money launch needs a launch token and a player');
        }
        message['token'] = request.token;
        message['playerId'] = request.playerId;
      }
      Object.assign(message, {
        gameId: request.providerGameId,
        currency: request.currency,
        language: request.language,
        mode: request.mode,
        returnUrl: request.lobbyUrl,
        timestamp: clock.now().toISOString(),
      });
      // Signed over the exact bytes sent (§2): serialise once, sign that string, send it.
      const body = JSON.stringify(message);
      const answer = await send({
        method: 'POST',
        url: `${settings.url}/api/v1/launch`,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          [gbSignatureHeader]: gbSignature(body, settings.secret),
        },
        body,
        timeoutMs: launchTimeoutMs,
      });
      const url = httpLink(readAnswer('launch', answer.status, answer.text)['url']);
      if (!url) throw failed('unavailable', 'launch: no url');
      return url;
    },
  };
}
