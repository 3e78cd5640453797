import {
  categoryOf,
  flag,
  httpLink,
  isoDate,
  isRecord,
  parseJson,
  popularityOf,
  text,
  topPopularity,
} from '../catalog-fields';
import type { HttpTransport } from '../http-transport';
import {
  ProviderError,
  sendToProvider,
  type CatalogEntry,
  type LaunchRequest,
  type ProviderAdapter,
} from '../provider-adapter';
import { endorphinaSign } from './sign';

export interface EndorphinaSettings {
  /** Base URL, no trailing slash. */
  url: string;
  nodeId: string;
  salt: string;
}

const catalogTimeoutMs = 15_000;

/** The launch path of EndoAPI's seamless wallet (PROTOCOLS.md, Endorphina). */
export const endorphinaLaunchPath = '/api/sessions/seamless/rest/v1';

/** Query string with the parameters in the order given, plus their sign. */
export function signedQuery(params: Record<string, string>, salt: string): string {
  return new URLSearchParams({ ...params, sign: endorphinaSign(params, salt) }).toString();
}

/** Maps one entry of GET {url}/api/games (docs/protocols/endorphina.md) to ours. */
export function mapEndorphinaGame(raw: unknown): CatalogEntry | undefined {
  if (!isRecord(raw)) return undefined;
  const id = text(raw['id']) ?? text(raw['game_id']) ?? text(raw['gameid']);
  const name = text(raw['name']) ?? text(raw['description']);
  if (!id || !name) return undefined;
  const popularity = popularityOf(raw['popularity']);
  const demoUrl = httpLink(raw['demoUrl']) ?? null;
  return {
    providerGameId: id,
    name,
    image: httpLink(raw['image']) ?? '',
    category: categoryOf(raw['category']) ?? 'slots',
    tags: [],
    isNew: flag(raw['isNew']),
    isTop: flag(raw['isPopular'], popularity >= topPopularity),
    popularity,
    demo: flag(raw['demo'], demoUrl !== null) && demoUrl !== null,
    real: true,
    demoUrl,
    releasedAt: isoDate(raw['released']),
  };
}

export function endorphinaAdapter(
  settings: EndorphinaSettings,
  transport: HttpTransport,
): ProviderAdapter {
  const configured = (): void => {
    if (!settings.salt || !settings.nodeId || !settings.url) {
      throw new ProviderError('endorphina', 'not-configured', 'no node id or salt configured');
    }
  };

  const buildLaunchUrl = (request: LaunchRequest): string => {
    configured();
    if (request.mode === 'demo') {
      if (!request.demoUrl) throw new ProviderError('endorphina', 'game-not-found', 'no demo');
      // The studio documents exit, lang and currency as parameters of its demo link.
      const url = new URL(request.demoUrl);
      url.searchParams.set('exit', request.lobbyUrl);
      url.searchParams.set('lang', request.language);
      url.searchParams.set('currency', request.currency);
      return url.toString();
    }
    if (!request.token) throw new Error('a real-money launch needs a launch token');
    // No call to the provider: the browser opens the signed link, then Endorphina asks our
    // wallet's `session` callback whom the token belongs to.
    const query = signedQuery(
      {
        exit: request.lobbyUrl,
        nodeId: settings.nodeId,
        token: request.token,
        lang: request.language,
      },
      settings.salt,
    );
    return `${settings.url}${endorphinaLaunchPath}?${query}`;
  };

  return {
    slug: 'endorphina',

    async fetchCatalog() {
      configured();
      // The catalog is signed like every EndoAPI request: here sign = SHA-1(nodeId + salt).
      const query = signedQuery({ nodeId: settings.nodeId }, settings.salt);
      const answer = await sendToProvider('endorphina', transport, {
        method: 'GET',
        url: `${settings.url}/api/games?${query}`,
        headers: { accept: 'application/json' },
        timeoutMs: catalogTimeoutMs,
      });
      const body = parseJson(answer.text);
      if (answer.status === 401 || answer.status === 403) {
        throw new ProviderError('endorphina', 'refused', `catalog refused: HTTP ${answer.status}`);
      }
      if (answer.status !== 200 || !isRecord(body) || !Array.isArray(body['games'])) {
        throw new ProviderError('endorphina', 'unavailable', `catalog: HTTP ${answer.status}`);
      }
      return body['games']
        .map(mapEndorphinaGame)
        .filter((game): game is CatalogEntry => game !== undefined);
    },

    launchUrl(request: LaunchRequest) {
      // Built locally, but answered as a promise like the adapters that must call out.
      return Promise.resolve().then(() => buildLaunchUrl(request));
    },
  };
}
