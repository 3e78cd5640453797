import { createHmac, timingSafeEqual } from 'node:crypto';
import { listen, sleep, type Fault } from './http-server';

export const hmacHex = (raw: string, secret: string): string =>
  createHmac('sha256', secret).update(raw).digest('hex');

export interface GbCall {
  body: Record<string, string>;
  raw: string;
  signatureOk: boolean;
}

/**
 * The operator's BetResult_url endpoint as docs/protocols/gbgames.md specifies it: verify the
 * HMAC on the raw body first, idempotent on transactionId, refunds leave tombstones.
 */
export async function fakeGbOperator(secret: string) {
  const calls: GbCall[] = [];
  const faults: Record<string, Fault[]> = {};
  const tokens = new Map<string, string>();
  const cents = new Map<string, number>();
  const seen = new Map<string, { fingerprint: string; answer: Record<string, unknown> }>();
  const tombstones = new Set<string>();
  let seq = 1;

  const { app, url } = await listen((app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    app.post<{ Body: string }>('/api/game/BetResult_url', async (request, reply) => {
      const raw = request.body;
      const received = Buffer.from(String(request.headers['x-gb-signature'] ?? ''));
      const expected = Buffer.from(hmacHex(raw, secret));
      const signatureOk =
        received.length === expected.length && timingSafeEqual(received, expected);
      const body = JSON.parse(raw) as Record<string, string>;
      calls.push({ body, raw, signatureOk });
      const fault = faults[body['type'] ?? '']?.shift();
      if (fault === 'http500' || fault === 'internal') {
        return reply.code(500).send({ status: 'ERROR', code: 'INTERNAL', message: 'try again' });
      }
      if (!signatureOk)
        return reply.code(401).send({ status: 'ERROR', code: 'INVALID_SIGNATURE', message: 'bad' });
      const player = tokens.get(body['token'] ?? '');
      if (!player || player !== body['playerId']) {
        return reply
          .code(404)
          .send({ status: 'ERROR', code: 'TOKEN_NOT_FOUND', message: 'unknown token' });
      }
      const balanceText = (): string => ((cents.get(player) ?? 0) / 100).toFixed(2);
      if (body['type'] === 'balance')
        return { status: 'OK', balance: balanceText(), currency: body['currency'] };

      const { timestamp: _t, ...identity } = body;
      const fingerprint = JSON.stringify(Object.entries(identity).sort());
      const id = body['transactionId'] ?? '';
      const prior = seen.get(id);
      if (prior) {
        if (prior.fingerprint !== fingerprint) {
          return reply
            .code(409)
            .send({ status: 'ERROR', code: 'DUPLICATE_MISMATCH', message: 'different content' });
        }
        return { ...prior.answer, balance: balanceText() };
      }
      const amount = Math.round(Number(body['amount']) * 100);
      const have = cents.get(player) ?? 0;
      if (body['type'] === 'bet') {
        if (tombstones.has(id)) {
          return reply
            .code(409)
            .send({ status: 'ERROR', code: 'DUPLICATE_MISMATCH', message: 'bet was refunded' });
        }
        if (amount > have) {
          return reply
            .code(402)
            .send({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS', message: 'no money' });
        }
        cents.set(player, have - amount);
      } else if (body['type'] === 'result') {
        cents.set(player, have + amount);
      } else if (body['type'] === 'refund') {
        const bet = body['betTransactionId'] ?? '';
        if (seen.has(bet)) cents.set(player, have + amount);
        else tombstones.add(bet);
      }
      const answer = { status: 'OK', balance: balanceText(), transactionId: `op-${seq++}` };
      seen.set(id, { fingerprint, answer });
      if (fault === 'timeout') await sleep(600);
      return answer;
    });
  });

  return {
    url,
    calls,
    cents,
    addPlayer(token: string, playerId: string, balanceCents: number) {
      tokens.set(token, playerId);
      cents.set(playerId, balanceCents);
    },
    fail(type: string, ...list: Fault[]) {
      faults[type] = [...(faults[type] ?? []), ...list];
    },
    close: () => app.close(),
  };
}
