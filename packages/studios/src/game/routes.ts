import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StudioName } from '../catalog/types';
import { randomId } from '../shared/ids';
import { pickLanguage } from '../shared/language';
import type { TtlStore } from '../shared/ttl-store';
import { renderErrorPage, renderGamePage } from './page/render-page';
import { TEXTS } from './page/texts';
import { playRound, type RoundDeps } from './round';
import type { PlaySession } from './session';

export interface GameRouteDeps extends RoundDeps {
  studio: StudioName;
  sessions: TtlStore<PlaySession>;
}

/** Game pages embed in an operator's iframe; scripts run only with this response's nonce. */
function pageSecurityHeaders(reply: FastifyReply, nonce: string): FastifyReply {
  return reply
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}

export function sendErrorPage(
  reply: FastifyReply,
  status: number,
  studio: StudioName,
  acceptLanguage: string | undefined,
  title: 'expiredTitle' | 'errorTitle',
  detail?: string,
): FastifyReply {
  const language = pickLanguage(undefined, acceptLanguage);
  const nonce = randomId(8);
  return pageSecurityHeaders(reply, nonce)
    .code(status)
    .type('text/html; charset=utf-8')
    .send(renderErrorPage(studio, language, title, detail ?? TEXTS[language].expiredText));
}

/**
 * The playable page and its small API, the same for every studio: the launch routes of each
 * protocol create a PlaySession and redirect the browser here.
 */
export function registerGameRoutes(app: FastifyInstance, deps: GameRouteDeps): void {
  app.get<{ Params: { sid: string } }>('/game/:sid', async (request, reply) => {
    const session = deps.sessions.get(request.params.sid);
    if (!session) {
      return sendErrorPage(
        reply,
        404,
        deps.studio,
        request.headers['accept-language'],
        'expiredTitle',
      );
    }
    // Refresh the balance as the page opens; the last known one is shown if the wallet is slow.
    const balance = await session.wallet.balance();
    if (balance.kind === 'ok') session.balance = balance.value;
    const nonce = randomId(12);
    return pageSecurityHeaders(reply, nonce)
      .type('text/html; charset=utf-8')
      .send(renderGamePage(session, nonce));
  });

  app.get<{ Params: { sid: string } }>('/game/:sid/state', async (request, reply) => {
    const session = deps.sessions.get(request.params.sid);
    if (!session) return reply.code(404).send({ ok: false, error: 'SESSION_EXPIRED' });
    const balance = await session.wallet.balance();
    if (balance.kind === 'ok') session.balance = balance.value;
    return reply.header('cache-control', 'no-store').send({
      ok: true,
      game: session.game.id,
      mode: session.mode,
      currency: session.currency,
      balance: session.balance,
    });
  });

  app.post<{ Params: { sid: string }; Body: unknown }>(
    '/game/:sid/spin',
    async (request, reply) => {
      const session = deps.sessions.get(request.params.sid);
      if (!session)
        return reply.code(404).send({ ok: false, error: 'SESSION_EXPIRED', balance: 0 });
      const body = request.body as { bet?: unknown } | undefined;
      const bet = typeof body?.bet === 'number' && Number.isSafeInteger(body.bet) ? body.bet : -1;
      const answer = await playRound(session, bet, deps);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  app.get<{ Params: { sid: string } }>('/game/:sid/exit', async (request, reply) => {
    const session = deps.sessions.get(request.params.sid);
    if (!session) {
      return sendErrorPage(
        reply,
        404,
        deps.studio,
        request.headers['accept-language'],
        'expiredTitle',
      );
    }
    deps.sessions.delete(session.id);
    await session.wallet.end?.();
    if (session.exitUrl) return reply.redirect(session.exitUrl, 302);
    return sendErrorPage(
      reply,
      200,
      deps.studio,
      request.headers['accept-language'],
      'expiredTitle',
    );
  });
}
