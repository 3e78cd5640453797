import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { httpLink, parseJson, withQuery } from '../catalog-fields';
import type { HttpTransport } from '../../../lib/http-transport';
import {
  catalogOf,
  providerLink,
  type LaunchRequest,
  type ProviderAdapter,
} from '../provider-adapter';
import { listEntries, mapEndorphinaGame } from './catalog';
import { endorphinaSign } from './signature';

export { mapEndorphinaGame } from './catalog';

export interface EndorphinaSettings {
  /** Base URL, no trailing slash. */
  url: string;
  nodeId: string;
  salt: string;
  /** ENDORPHINA_GAMES_FILE: the game list (JSON) the provider gave us; read on every sync. */
  gamesFile?: string | undefined;
  /** ENDORPHINA_GAMES_URL: a feed of the same list, fetched signed with our node id. */
  gamesUrl?: string | undefined;
  /** ENDORPHINA_IMAGE_URL: artwork URL with `{id}` or `{name}`; else a generated tile. */
  imageUrl?: string | undefined;
  /** ENDORPHINA_DEMO_URL: the provider's demo host; no demos without it (and an account). */
  demoUrl?: string | undefined;
  /** ENDORPHINA_DEMO_ACCOUNT_ID: our account at the demo host. */
  demoAccountId?: string | undefined;
}

const catalogTimeoutMs = 15_000;
const demoLinkTimeoutMs = 8_000;

/** The launch path of EndoAPI's seamless wallet (PROTOCOLS.md, Endorphina). */
export const endorphinaLaunchPath = '/api/sessions/seamless/rest/v1';

/** Query string with the parameters in the order given, plus their sign. */
export function signedQuery(params: Record<string, string>, salt: string): string {
  return new URLSearchParams({ ...params, sign: endorphinaSign(params, salt) }).toString();
}

/**
 * The demo host's link endpoint for a game, as public integrations call it:
 * `{demo host}/api/link/accountId/{account}/hash/{MD5 of the game id}`; the launch appends
 * `/returnURL/{exit, URL-encoded twice}` and the host answers the demo game's URL as text.
 */
export function endorphinaDemoLink(
  settings: EndorphinaSettings,
  gameId: string,
): string | undefined {
  if (!settings.demoUrl || !settings.demoAccountId) return undefined;
  const hash = createHash('md5').update(gameId, 'utf8').digest('hex');
  return `${settings.demoUrl}/api/link/accountId/${encodeURIComponent(settings.demoAccountId)}/hash/${hash}`;
}

export function endorphinaAdapter(
  settings: EndorphinaSettings,
  transport: HttpTransport,
): ProviderAdapter {
  const { send, failed } = providerLink('endorphina', transport);
  const configured = (): void => {
    if (!settings.salt || !settings.nodeId || !settings.url) {
      throw failed('not-configured', 'no node id or salt configured');
    }
  };

  const isDemoLink = (url: string): boolean =>
    settings.demoUrl !== undefined &&
    settings.demoUrl !== '' &&
    url.startsWith(`${settings.demoUrl}/api/link/`);

  /** The demo host's answer to a link request: the demo game's URL, as plain text. */
  const demoFromLink = async (link: string, lobbyUrl: string): Promise<string> => {
    const answer = await send({
      method: 'GET',
      url: `${link}/returnURL/${encodeURIComponent(encodeURIComponent(lobbyUrl))}`,
      headers: { accept: 'text/plain' },
      timeoutMs: demoLinkTimeoutMs,
    });
    const url = httpLink(answer.text.trim().replace(/^"|"$/g, ''));
    if (answer.status !== 200 || !url) {
      throw failed('unavailable', `demo link: HTTP ${answer.status}`);
    }
    return url;
  };

  const buildLaunchUrl = async (request: LaunchRequest): Promise<string> => {
    configured();
    if (request.mode === 'demo') {
      if (!request.demoUrl) throw failed('game-not-found', 'no demo');
      if (isDemoLink(request.demoUrl)) return demoFromLink(request.demoUrl, request.lobbyUrl);
      // A list's own demo page (our studio's): exit, lang and currency as its parameters.
      return withQuery(request.demoUrl, {
        exit: request.lobbyUrl,
        lang: request.language,
        currency: request.currency,
      });
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

  /** The list from the configured file: a file that cannot be read or parsed is unavailable. */
  const listFromFile = async (path: string): Promise<unknown> => {
    let content: string;
    try {
      content = await readFile(path, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw failed(
        'unavailable',
        `games file unreadable: ${typeof code === 'string' ? code : 'error'}`,
      );
    }
    return parseJson(content);
  };

  /** The list from the feed, signed with our node id like every EndoAPI request. */
  const listFromFeed = async (feed: string): Promise<unknown> => {
    const url = new URL(feed);
    const query = signedQuery({ nodeId: settings.nodeId }, settings.salt);
    url.search = url.search ? `${url.search.slice(1)}&${query}` : query;
    const answer = await send({
      method: 'GET',
      url: url.toString(),
      headers: { accept: 'application/json' },
      timeoutMs: catalogTimeoutMs,
    });
    if (answer.status === 401 || answer.status === 403) {
      throw failed('refused', `catalog refused: HTTP ${answer.status}`);
    }
    if (answer.status !== 200) {
      throw failed('unavailable', `catalog: HTTP ${answer.status}`);
    }
    return parseJson(answer.text);
  };

  return {
    slug: 'endorphina',

    async fetchCatalog() {
      configured();
      const body = settings.gamesFile
        ? await listFromFile(settings.gamesFile)
        : settings.gamesUrl
          ? await listFromFeed(settings.gamesUrl)
          : undefined;
      if (body === undefined) {
        // The provider has no catalog API of its own to fall back on: the list is configured.
        throw failed(
          'not-configured',
          'no ENDORPHINA_GAMES_FILE or ENDORPHINA_GAMES_URL configured',
        );
      }
      const entries = listEntries(body);
      if (!entries) {
        throw failed('unavailable', 'the game list is not a JSON list');
      }
      const options = {
        imageUrl: settings.imageUrl,
        demoLink: (id: string) => endorphinaDemoLink(settings, id),
      };
      return catalogOf(entries, (raw) => mapEndorphinaGame(raw, options));
    },

    launchUrl(request: LaunchRequest) {
      return Promise.resolve().then(() => buildLaunchUrl(request));
    },
  };
}
