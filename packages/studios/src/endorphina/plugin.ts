import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { artPath, registerArtRoute } from '../art/routes';
import { catalogOf } from '../catalog/studio-catalogs';
import type { CatalogGame } from '../catalog/types';
import { demoWallet } from '../game/demo-wallet';
import { registerGameRoutes, sendErrorPage } from '../game/routes';
import type { PlaySession } from '../game/session';
import { singleValued, useFormBodies } from '../shared/body-parsers';
import { randomId } from '../shared/ids';
import { pickLanguage } from '../shared/language';
import { safeReturnUrl } from '../shared/safe-url';
import { SessionTable } from '../shared/session-owners';
import type { StudioContext } from '../studio-context';
import { endorphinaSessionWallet } from './session-wallet';
import { endorphinaSignValid } from './sign';
import { EndorphinaWalletClient } from './wallet-client';

export interface EndorphinaStudioOptions {
  /** This studio's public base URL as the browser and the operator reach it (no trailing slash). */
  publicUrl: string;
  /** The operator's node id and salt, as the studio's back office holds them. */
  nodeId: string;
  salt: string;
  /** The operator's EndoAPI callback base URL (session, balance, bet, win, refund, …). */
  operatorUrl: string;
}

/** Catalog entry as GET /api/games returns it (this studio's own, documented shape). */
function catalogEntry(game: CatalogGame, publicUrl: string): Record<string, unknown> {
  return {
    id: game.id,
    name: game.name,
    // This studio's addition: the title's editions in en and ru, when it has a Russian one.
    ...(game.names ? { names: game.names } : {}),
    description: game.description,
    category: game.category,
    image: `${publicUrl}${artPath(game)}`,
    isNew: game.isNew,
    isPopular: game.isPopular,
    popularity: game.popularity,
    released: game.released,
    demo: game.demo,
    demoUrl: game.demo ? `${publicUrl}/api/demo?game=${encodeURIComponent(game.id)}` : null,
  };
}

export function endorphinaStudio(
  ctx: StudioContext,
  options: EndorphinaStudioOptions,
): FastifyPluginAsync {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const client = new EndorphinaWalletClient(
    { callbackUrl: options.operatorUrl, nodeId: options.nodeId, salt: options.salt },
    ctx.retry,
  );
  const sessions = new SessionTable<PlaySession>(
    'endorphina:session',
    ctx.sessionTtlMs,
    ctx.sharing,
  );
  const catalog = catalogOf('endorphina');
  /** Games with a demo by the MD5 of their id, as the demo host's link API names them. */
  const demoByHash = new Map(
    catalog.list
      .filter((game) => game.demo)
      .map((game) => [createHash('md5').update(game.id, 'utf8').digest('hex'), game] as const),
  );

  const signedByOperator = (params: Record<string, string>): boolean =>
    params['nodeId'] === options.nodeId && endorphinaSignValid(params, options.salt);

  return (app: FastifyInstance): Promise<void> => {
    useFormBodies(app);
    registerArtRoute(app, 'endorphina');
    registerGameRoutes(app, { ...ctx, studio: 'endorphina', sessions });

    // The operator sends the player's browser here with a signed launch link.
    app.get('/api/sessions/seamless/rest/v1', async (request, reply) => {
      const params = singleValued(request.query);
      const accept = request.headers['accept-language'];
      if (!params || !params['token'] || !signedByOperator(params)) {
        return sendErrorPage(reply, 401, 'endorphina', accept, 'errorTitle', 'ACCESS_DENIED');
      }
      const token = params['token'];
      const info = await client.session(token);
      if (info.kind !== 'ok') {
        const status = info.kind === 'refused' ? 403 : 502;
        return sendErrorPage(
          reply,
          status,
          'endorphina',
          accept,
          'errorTitle',
          info.kind === 'refused' ? info.message : 'operator unavailable',
        );
      }
      const game = catalog.byId.get(info.value.game);
      if (!game)
        return sendErrorPage(
          reply,
          404,
          'endorphina',
          accept,
          'errorTitle',
          `unknown game ${info.value.game}`,
        );
      const session: PlaySession = {
        id: randomId(),
        studio: 'endorphina',
        game,
        mode: 'real',
        currency: info.value.currency,
        language: pickLanguage(params['lang'], accept),
        exitUrl: safeReturnUrl(params['exit']),
        balance: 0,
        wallet: endorphinaSessionWallet(client, token, info.value),
        busy: false,
        player: info.value.player,
      };
      await sessions.set(session.id, session);
      return reply.redirect(`${publicUrl}/game/${session.id}`, 302);
    });

    // Demo: no token and no signature, play money kept by the studio.
    app.get('/api/demo', async (request, reply) => {
      const params = singleValued(request.query) ?? {};
      const accept = request.headers['accept-language'];
      const game = catalog.byId.get(params['game'] ?? '');
      if (!game || !game.demo)
        return sendErrorPage(
          reply,
          404,
          'endorphina',
          accept,
          'errorTitle',
          'no demo for this game',
        );
      const session: PlaySession = {
        id: randomId(),
        studio: 'endorphina',
        game,
        mode: 'demo',
        currency: /^[A-Z]{3}$/.test(params['currency'] ?? '')
          ? (params['currency'] as string)
          : 'FUN',
        language: pickLanguage(params['lang'], accept),
        exitUrl: safeReturnUrl(params['exit']),
        balance: ctx.demoBalance,
        wallet: demoWallet(ctx.demoBalance),
        busy: false,
      };
      await sessions.set(session.id, session);
      return reply.redirect(`${publicUrl}/game/${session.id}`, 302);
    });

    // The demo host's link API, as public integrations call Endorphina's: the game by the MD5 of
    // its id, the exit URL encoded twice in the path; the answer is the demo game's URL as text.
    app.get<{ Params: { account: string; hash: string; returnUrl: string } }>(
      '/api/link/accountId/:account/hash/:hash/returnURL/:returnUrl',
      async (request, reply) => {
        const game = demoByHash.get(request.params.hash.toLowerCase());
        if (!request.params.account || !game) {
          return reply.code(404).type('text/plain; charset=utf-8').send('no demo for this game');
        }
        let exit: string;
        try {
          // Fastify decoded the path segment once; the second decoding gives the URL.
          exit = decodeURIComponent(request.params.returnUrl);
        } catch {
          exit = '';
        }
        const query = new URLSearchParams({ game: game.id, ...(exit ? { exit } : {}) });
        return reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`${publicUrl}/api/demo?${query.toString()}`);
      },
    );

    // Catalog for the operator: signed like every EndoAPI request (here sign = SHA-1(nodeId + salt)).
    app.get('/api/games', async (request, reply) => {
      const params = singleValued(request.query);
      if (!params || !signedByOperator(params)) {
        return reply.code(401).send({ code: 'ACCESS_DENIED', message: 'bad nodeId or sign' });
      }
      return reply.header('cache-control', 'no-store').send({
        nodeId: options.nodeId,
        games: catalog.list.map((g) => catalogEntry(g, publicUrl)),
      });
    });
    return Promise.resolve();
  };
}
