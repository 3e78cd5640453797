import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { artPath, registerArtRoute, registerGamePicRoute } from '../art/routes';
import { catalogOf } from '../catalog/studio-catalogs';
import type { CatalogGame } from '../catalog/types';
import { demoWallet } from '../game/demo-wallet';
import { registerGameRoutes, sendErrorPage } from '../game/routes';
import type { PlaySession } from '../game/session';
import { singleValued, useFormBodies } from '../shared/body-parsers';
import { randomId } from '../shared/ids';
import { pickLanguage, type Language } from '../shared/language';
import { safeReturnUrl } from '../shared/safe-url';
import { SessionTable } from '../shared/session-owners';
import type { StudioContext } from '../studio-context';
import { pragmaticHashValid } from './hash';
import { pragmaticSessionWallet } from './session-wallet';
import { PragmaticWalletClient } from './wallet-client';

export interface PragmaticStudioOptions {
  /** This studio's public base URL (no trailing slash). */
  publicUrl: string;
  secureLogin: string;
  secretKey: string;
  /** The operator's Seamless Wallet base URL: calls go to {operatorUrl}/{method}.html */
  operatorUrl: string;
  /** providerId sent on every wallet call (default "PragmaticPlay"). */
  providerId?: string;
}

const API = '/IntegrationService/v3/http/CasinoGameAPI';

/** A launch prepared by game/url/ and redeemed by the browser at /gs2c/openGame.do. */
interface Ticket {
  game: CatalogGame;
  mode: 'REAL' | 'DEMO';
  token: string;
  currency: string;
  language: Language;
  lobbyUrl: string | undefined;
}

const TYPES: Record<
  CatalogGame['category'],
  { id: string; description: string; dataType: string }
> = {
  slots: { id: 'vs', description: 'Video Slots', dataType: 'RNG' },
  table: { id: 'tb', description: 'Table games', dataType: 'RNG' },
  live: { id: 'lg', description: 'Live games', dataType: 'LC' },
  instant: { id: 'sc', description: 'Scratch card', dataType: 'RNG' },
};

function gameListEntry(
  game: CatalogGame,
  index: number,
  publicUrl: string,
  features: boolean,
): Record<string, unknown> {
  const type = TYPES[game.category];
  const entry: Record<string, unknown> = {
    gameID: game.id,
    gameName: game.name,
    // This studio's addition: the title's editions in en and ru, when it has a Russian one.
    ...(game.names ? { names: game.names } : {}),
    gameTypeID: type.id,
    typeDescription: type.description,
    technology: 'html5',
    technologyID: 'H5',
    platform: 'MOBILE,DOWNLOAD,WEB',
    demoGameAvailable: game.demo,
    aspectRatio: '16:9',
    gameIdNumeric: 10_000 + index,
    jurisdictions: ['99'],
    frbAvailable: false,
    variableFrbAvailable: false,
    lines: game.category === 'slots' ? 10 : 0,
    dataType: type.dataType,
    // This studio's additions (documented in docs/protocols/pragmatic.md). Operators build
    // the artwork from gameID on the image host (/game_pic/square/200/{gameID}.png, served
    // here too), as the real gameList has no iconUrl:
    iconUrl: `${publicUrl}${artPath(game)}`,
    description: game.description,
    isNew: game.isNew,
    isPopular: game.isPopular,
    popularity: game.popularity,
    releaseDate: game.released,
  };
  if (features) entry['features'] = game.category === 'slots' ? ['WILDS', 'SCATTER_PAYS'] : [];
  return entry;
}

export function pragmaticStudio(
  ctx: StudioContext,
  options: PragmaticStudioOptions,
): FastifyPluginAsync {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const client = new PragmaticWalletClient(
    {
      walletUrl: options.operatorUrl,
      secretKey: options.secretKey,
      providerId: options.providerId ?? 'PragmaticPlay',
    },
    ctx.retry,
  );
  const sessions = new SessionTable<PlaySession>(
    'pragmatic:session',
    ctx.sessionTtlMs,
    ctx.sharing,
  );
  const tickets = new SessionTable<Ticket>('pragmatic:ticket', 30 * 60_000, ctx.sharing);
  const catalog = catalogOf('pragmatic');

  /** Integration API answers are HTTP 200 with an error number, as the real API does. */
  const fail = (reply: FastifyReply, error: number, description: string): FastifyReply =>
    reply.send({ error, description });

  /** secureLogin and hash checked before anything else; undefined when the reply was sent. */
  const authenticated = (
    body: unknown,
    reply: FastifyReply,
  ): Record<string, string> | undefined => {
    const params = singleValued(body);
    if (!params) {
      void fail(reply, 7, 'Bad parameters: a parameter is repeated');
      return undefined;
    }
    if (
      params['secureLogin'] !== options.secureLogin ||
      !pragmaticHashValid(params, options.secretKey)
    ) {
      void fail(reply, 5, 'Invalid hash code');
      return undefined;
    }
    return params;
  };

  const openSession = async (
    session: Omit<PlaySession, 'id' | 'studio' | 'busy'>,
  ): Promise<string> => {
    const id = randomId();
    await sessions.set(id, { ...session, id, studio: 'pragmatic', busy: false });
    return `${publicUrl}/game/${id}`;
  };

  return (app: FastifyInstance): Promise<void> => {
    useFormBodies(app);
    registerArtRoute(app, 'pragmatic');
    registerGamePicRoute(app, 'pragmatic');
    registerGameRoutes(app, { ...ctx, studio: 'pragmatic', sessions });

    for (const path of [`${API}/getCasinoGames/`, `${API}/getCasinoGames`]) {
      // With the host's ignoreTrailingSlash the two spellings are one route already.
      if (app.hasRoute({ method: 'POST', url: app.prefix + path })) continue;
      app.post(path, async (request, reply) => {
        const params = authenticated(request.body, reply);
        if (!params) return reply;
        const features = (params['options'] ?? '').split(',').includes('GetFeatures');
        return reply.send({
          error: 0,
          description: 'OK',
          gameList: catalog.list.map((g, i) => gameListEntry(g, i, publicUrl, features)),
        });
      });
    }

    for (const path of [`${API}/game/url/`, `${API}/game/url`]) {
      // With the host's ignoreTrailingSlash the two spellings are one route already.
      if (app.hasRoute({ method: 'POST', url: app.prefix + path })) continue;
      app.post(path, async (request, reply) => {
        const params = authenticated(request.body, reply);
        if (!params) return reply;
        const symbol = params['symbol'];
        if (!symbol) return fail(reply, 7, 'Bad parameters: symbol is required');
        const game = catalog.byId.get(symbol);
        if (!game) return fail(reply, 8, 'Game not found or disabled');
        const playMode = (params['playMode'] ?? 'REAL').toUpperCase();
        if (playMode !== 'REAL' && playMode !== 'DEMO')
          return fail(reply, 7, 'Bad parameters: playMode');
        if (playMode === 'DEMO' && !game.demo)
          return fail(reply, 8, 'Demo is not available for this game');
        const currency = params['currency'] ?? (playMode === 'DEMO' ? 'FUN' : '');
        if (playMode === 'REAL' && (!params['token'] || !/^[A-Z]{3}$/.test(currency))) {
          return fail(reply, 7, 'Bad parameters: token and currency are required for REAL play');
        }
        const ticket = randomId();
        await tickets.set(ticket, {
          game,
          mode: playMode,
          token: params['token'] ?? '',
          currency,
          language: pickLanguage(params['language']),
          lobbyUrl: safeReturnUrl(params['lobbyUrl']),
        });
        const gameURL = `${publicUrl}/gs2c/openGame.do?tc=${ticket}&stylename=${encodeURIComponent(options.secureLogin)}`;
        return reply.send({ gameURL, error: 0, description: 'OK' });
      });
    }

    // The browser opens the game link. With `tc` it redeems a ticket; with `gameSymbol` and no
    // ticket it opens a public demo, like the provider's demo links.
    app.get('/gs2c/openGame.do', async (request, reply) => {
      const params = singleValued(request.query) ?? {};
      const accept = request.headers['accept-language'];
      if (params['tc']) {
        const ticket = tickets.get(params['tc']);
        // A ticket issued by another instance is redeemed there (its answer is the redirect).
        if (!ticket && (await tickets.forward(params['tc'], request, reply))) return reply;
        if (
          !ticket ||
          (params['stylename'] !== undefined && params['stylename'] !== options.secureLogin)
        ) {
          return sendErrorPage(reply, 404, 'pragmatic', accept, 'expiredTitle');
        }
        if (ticket.mode === 'DEMO') {
          return reply.redirect(
            await openSession({
              game: ticket.game,
              mode: 'demo',
              currency: ticket.currency,
              language: ticket.language,
              exitUrl: ticket.lobbyUrl,
              balance: ctx.demoBalance,
              wallet: demoWallet(ctx.demoBalance),
            }),
            302,
          );
        }
        const account = await client.authenticate(ticket.token, ticket.game.id, request.ip);
        if (account.kind !== 'ok') {
          const detail = account.kind === 'refused' ? account.message : 'operator unavailable';
          return sendErrorPage(
            reply,
            account.kind === 'refused' ? 403 : 502,
            'pragmatic',
            accept,
            'errorTitle',
            detail,
          );
        }
        return reply.redirect(
          await openSession({
            game: ticket.game,
            mode: 'real',
            currency: account.value.currency,
            language: ticket.language,
            exitUrl: ticket.lobbyUrl,
            balance: account.value.balance,
            player: account.value.userId,
            wallet: pragmaticSessionWallet(client, ctx.reconciler, {
              userId: account.value.userId,
              token: ticket.token,
              symbol: ticket.game.id,
            }),
          }),
          302,
        );
      }
      const game = catalog.byId.get(params['gameSymbol'] ?? '');
      if (!game || !game.demo)
        return sendErrorPage(
          reply,
          404,
          'pragmatic',
          accept,
          'errorTitle',
          'no demo for this game',
        );
      return reply.redirect(
        await openSession({
          game,
          mode: 'demo',
          currency: /^[A-Z]{3}$/.test(params['cur'] ?? '') ? (params['cur'] as string) : 'FUN',
          language: pickLanguage(params['lang'], accept),
          exitUrl: safeReturnUrl(params['lobbyUrl']),
          balance: ctx.demoBalance,
          wallet: demoWallet(ctx.demoBalance),
        }),
        302,
      );
    });
    return Promise.resolve();
  };
}
