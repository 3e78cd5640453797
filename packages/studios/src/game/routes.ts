import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StudioName } from '../catalog/types';
import { randomId } from '../shared/ids';
import { pickLanguage } from '../shared/language';
import type { SessionTable } from '../shared/session-owners';
import { renderErrorPage, renderGamePage } from './page/render-page';
import { TEXTS } from './page/texts';
import { CLIENT_SEED_PATTERN } from '../fair/ledger';
import { GAME_HANDLERS } from '../games/registry';
import { renderTableGamePage } from '../games/page/render';
import { playRound, type RoundDeps } from './round';
import { fairKey, type PlaySession } from './session';

export interface GameRouteDeps extends RoundDeps {
  studio: StudioName;
  /** This studio's sessions; one held by another instance is played there (forwarded). */
  sessions: SessionTable<PlaySession>;
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
    if (!session && (await deps.sessions.forward(request.params.sid, request, reply))) return reply;
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
    const type = session.game.gameType;
    return pageSecurityHeaders(reply, nonce)
      .type('text/html; charset=utf-8')
      .send(
        type === 'slot'
          ? renderGamePage(session, nonce, deps.fair.commitment(fairKey(session)))
          : renderTableGamePage(
              session,
              nonce,
              deps.fair.commitment(fairKey(session)),
              GAME_HANDLERS[type].view?.(session),
            ),
      );
  });

  app.get<{ Params: { sid: string } }>('/game/:sid/state', async (request, reply) => {
    const session = deps.sessions.get(request.params.sid);
    if (!session && (await deps.sessions.forward(request.params.sid, request, reply))) return reply;
    if (!session) return reply.code(404).send({ ok: false, error: 'SESSION_EXPIRED' });
    const balance = await session.wallet.balance();
    if (balance.kind === 'ok') session.balance = balance.value;
    return reply.header('cache-control', 'no-store').send({
      ok: true,
      game: session.game.id,
      mode: session.mode,
      currency: session.currency,
      balance: session.balance,
      round:
        session.game.gameType === 'slot'
          ? undefined
          : GAME_HANDLERS[session.game.gameType].view?.(session),
    });
  });

  // Every game but the slot: one action of the page (a round, or a step of one).
  app.post<{ Params: { sid: string }; Body: unknown }>(
    '/game/:sid/play',
    async (request, reply) => {
      const session = deps.sessions.get(request.params.sid);
      if (!session && (await deps.sessions.forward(request.params.sid, request, reply)))
        return reply;
      if (!session)
        return reply.code(404).send({ ok: false, error: 'SESSION_EXPIRED', balance: 0 });
      const body = request.body;
      const type = session.game.gameType;
      if (type === 'slot' || typeof body !== 'object' || body === null || Array.isArray(body)) {
        return reply.code(400).send({ ok: false, error: 'BAD_REQUEST', balance: session.balance });
      }
      const answer = await GAME_HANDLERS[type].act(session, body as Record<string, unknown>, deps);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );

  // Provably fair: the commitment, the player's recent rounds (seeds revealed once rotated).
  app.get<{ Params: { sid: string } }>('/game/:sid/fair', async (request, reply) => {
    const session = deps.sessions.get(request.params.sid);
    if (!session && (await deps.sessions.forward(request.params.sid, request, reply))) return reply;
    if (!session) return reply.code(404).send({ ok: false, error: 'SESSION_EXPIRED' });
    const key = fairKey(session);
    return reply.header('cache-control', 'no-store').send({
      ok: true,
      current: deps.fair.commitment(key),
      rounds: deps.fair.history(key).slice(0, 200),
    });
  });

  // Rotation: reveals the server seed in use, commits to a new one, optionally a new client seed.
  app.post<{ Params: { sid: string }; Body: unknown }>(
    '/game/:sid/fair/rotate',
    async (request, reply) => {
      const session = deps.sessions.get(request.params.sid);
      if (!session && (await deps.sessions.forward(request.params.sid, request, reply)))
        return reply;
      if (!session) return reply.code(404).send({ ok: false, error: 'SESSION_EXPIRED' });
      const clientSeed = (request.body as { clientSeed?: unknown } | null)?.clientSeed;
      if (
        clientSeed !== undefined &&
        (typeof clientSeed !== 'string' || !CLIENT_SEED_PATTERN.test(clientSeed))
      ) {
        return reply.code(400).send({ ok: false, error: 'BAD_CLIENT_SEED' });
      }
      const key = fairKey(session);
      const rotated = deps.fair.rotate(key, clientSeed);
      if (!rotated) return reply.code(409).send({ ok: false, error: 'ROUND_OPEN' });
      return reply
        .header('cache-control', 'no-store')
        .send({ ok: true, ...rotated, current: deps.fair.commitment(key) });
    },
  );

  app.post<{ Params: { sid: string }; Body: unknown }>(
    '/game/:sid/spin',
    async (request, reply) => {
      const session = deps.sessions.get(request.params.sid);
      if (!session && (await deps.sessions.forward(request.params.sid, request, reply)))
        return reply;
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
    if (!session && (await deps.sessions.forward(request.params.sid, request, reply))) return reply;
    if (!session) {
      return sendErrorPage(
        reply,
        404,
        deps.studio,
        request.headers['accept-language'],
        'expiredTitle',
      );
    }
    // A round left open is settled by the game's stated rule before the session ends.
    await session.round?.settle();
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
