import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { artPath, registerArtRoute } from '../art/routes';
import { catalogOf } from '../catalog/studio-catalogs';
import type { CatalogGame } from '../catalog/types';
import { demoWallet } from '../game/demo-wallet';
import { registerGameRoutes, sendErrorPage } from '../game/routes';
import type { PlaySession } from '../game/session';
import {
  parseQueryString,
  rawBodyOf,
  rawQueryOf,
  singleValued,
  useRawJsonBodies,
} from '../shared/body-parsers';
import { randomId } from '../shared/ids';
import { pickLanguage } from '../shared/language';
import { safeReturnUrl } from '../shared/safe-url';
import { SessionTable } from '../shared/session-owners';
import type { StudioContext } from '../studio-context';
import { gbSessionWallet } from './session-wallet';
import { SIGNATURE_HEADER, gbSignatureValid, timestampFresh } from './signature';
import { GbWalletClient } from './wallet-client';

export interface GbGamesStudioOptions {
  /** This studio's public base URL (no trailing slash). */
  publicUrl: string;
  /** The shared HMAC secret. */
  secret: string;
  /** The operator's site root: bets and results go to {operatorUrl}/api/game/BetResult_url */
  operatorUrl: string;
}

type ErrorCode = 'INVALID_SIGNATURE' | 'BAD_REQUEST' | 'GAME_NOT_FOUND';
const STATUS: Record<ErrorCode, number> = {
  INVALID_SIGNATURE: 401,
  BAD_REQUEST: 400,
  GAME_NOT_FOUND: 404,
};

const fail = (reply: FastifyReply, code: ErrorCode, message: string): FastifyReply =>
  reply.code(STATUS[code]).send({ status: 'ERROR', code, message });

function catalogEntry(game: CatalogGame, publicUrl: string): Record<string, unknown> {
  return {
    gameId: game.id,
    name: game.name,
    // This studio's addition: the title's editions in en and ru, when it has a Russian one.
    ...(game.names ? { names: game.names } : {}),
    description: game.description,
    category: game.category,
    imageUrl: `${publicUrl}${artPath(game)}`,
    isNew: game.isNew,
    isPopular: game.isPopular,
    popularity: game.popularity,
    released: game.released,
    demo: game.demo,
    demoUrl: game.demo ? `${publicUrl}/play/demo?gameId=${encodeURIComponent(game.id)}` : null,
  };
}

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v : undefined;

export function gbgamesStudio(
  ctx: StudioContext,
  options: GbGamesStudioOptions,
): FastifyPluginAsync {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const client = new GbWalletClient(
    { siteUrl: options.operatorUrl, secret: options.secret },
    ctx.retry,
  );
  const sessions = new SessionTable<PlaySession>('gbgames:session', ctx.sessionTtlMs, ctx.sharing);
  const catalog = catalogOf('gbgames');

  const openSession = async (
    session: Omit<PlaySession, 'id' | 'studio' | 'busy'>,
  ): Promise<{ url: string; sessionId: string }> => {
    const id = randomId();
    await sessions.set(id, { ...session, id, studio: 'gbgames', busy: false });
    return { url: `${publicUrl}/game/${id}`, sessionId: id };
  };

  return (app: FastifyInstance): Promise<void> => {
    useRawJsonBodies(app);
    registerArtRoute(app, 'gbgames');
    registerGameRoutes(app, { ...ctx, studio: 'gbgames', sessions });

    // Catalog: the signature covers the raw query string, which carries a fresh timestamp.
    app.get('/api/v1/games', async (request, reply) => {
      const raw = rawQueryOf(request);
      const header = request.headers[SIGNATURE_HEADER];
      if (!gbSignatureValid(raw, typeof header === 'string' ? header : undefined, options.secret)) {
        return fail(reply, 'INVALID_SIGNATURE', 'signature does not match the query string');
      }
      const query = singleValued(parseQueryString(raw));
      if (!query || !timestampFresh(query['timestamp'])) {
        return fail(reply, 'INVALID_SIGNATURE', 'timestamp missing or more than 5 minutes off');
      }
      return reply
        .header('cache-control', 'no-store')
        .send({ status: 'OK', games: catalog.list.map((g) => catalogEntry(g, publicUrl)) });
    });

    app.post('/api/v1/launch', async (request, reply) => {
      const header = request.headers[SIGNATURE_HEADER];
      if (
        !gbSignatureValid(
          rawBodyOf(request),
          typeof header === 'string' ? header : undefined,
          options.secret,
        )
      ) {
        return fail(reply, 'INVALID_SIGNATURE', 'signature does not match the body');
      }
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        return fail(reply, 'BAD_REQUEST', 'the body must be a JSON object');
      }
      const b = body as Record<string, unknown>;
      if (!timestampFresh(b['timestamp'])) {
        return fail(reply, 'INVALID_SIGNATURE', 'timestamp missing or more than 5 minutes off');
      }
      const game = catalog.byId.get(str(b['gameId']) ?? '');
      if (!game) return fail(reply, 'GAME_NOT_FOUND', 'unknown gameId');
      const mode = b['mode'];
      const currency = str(b['currency']);
      if ((mode !== 'real' && mode !== 'demo') || !currency || !/^[A-Z]{3}$/.test(currency)) {
        return fail(reply, 'BAD_REQUEST', 'mode must be real or demo; currency an ISO 4217 code');
      }
      const base = {
        game,
        currency,
        language: pickLanguage(str(b['language'])),
        exitUrl: safeReturnUrl(str(b['returnUrl'])),
      };
      if (mode === 'demo') {
        if (!game.demo) return fail(reply, 'GAME_NOT_FOUND', 'no demo for this game');
        return reply.send({
          status: 'OK',
          ...(await openSession({
            ...base,
            mode: 'demo',
            balance: ctx.demoBalance,
            wallet: demoWallet(ctx.demoBalance),
          })),
        });
      }
      const token = str(b['token']);
      const playerId = str(b['playerId']);
      if (!token || !playerId)
        return fail(reply, 'BAD_REQUEST', 'token and playerId are required for real play');
      const wallet = gbSessionWallet(client, { token, playerId, gameId: game.id, currency });
      return reply.send({
        status: 'OK',
        ...(await openSession({ ...base, mode: 'real', balance: 0, wallet, player: playerId })),
      });
    });

    // Public demo links (the catalog's demoUrl): no token, no signature, play money.
    app.get('/play/demo', async (request, reply) => {
      const params = singleValued(request.query) ?? {};
      const accept = request.headers['accept-language'];
      const game = catalog.byId.get(params['gameId'] ?? '');
      if (!game || !game.demo)
        return sendErrorPage(reply, 404, 'gbgames', accept, 'errorTitle', 'no demo for this game');
      const { url } = await openSession({
        game,
        mode: 'demo',
        currency: /^[A-Z]{3}$/.test(params['currency'] ?? '')
          ? (params['currency'] as string)
          : 'FUN',
        language: pickLanguage(params['language'], accept),
        exitUrl: safeReturnUrl(params['returnUrl']),
        balance: ctx.demoBalance,
        wallet: demoWallet(ctx.demoBalance),
      });
      return reply.redirect(url, 302);
    });
    return Promise.resolve();
  };
}
