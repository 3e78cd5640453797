import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { listen, sleep, type Fault } from './http-server';

/**
 * The OPERATOR's side of EndoAPI, written independently of the studio's code (its own sign
 * function) so a shared mistake cannot hide: it checks every signature and keeps a ledger.
 */
export function endoSign(params: Record<string, string>, salt: string): string {
  const text = Object.entries(params)
    .filter(([k]) => k !== 'sign')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, v]) => v)
    .join('');
  return createHash('sha1')
    .update(text + salt)
    .digest('hex');
}

export interface EndoCall {
  method: string;
  params: Record<string, string>;
  signOk: boolean;
}

export async function fakeEndorphinaOperator(salt: string, nodeId: string) {
  const calls: EndoCall[] = [];
  const faults: Record<string, Fault[]> = {};
  const tokens = new Map<string, { player: string; currency: string; game: string }>();
  const balances = new Map<string, number>();
  const applied = new Map<string, { balance: number; transactionId: string }>();
  let seq = 1000;

  const error = (reply: FastifyReply, status: number, code: string) =>
    reply.code(status).send({ code, message: code.toLowerCase() });

  const { app, url } = await listen((app) => {
    for (const method of [
      'session',
      'balance',
      'bet',
      'win',
      'refund',
      'endSession',
      'check',
      'promoWin',
    ]) {
      const handler = async (request: { query: unknown; body: unknown }, reply: FastifyReply) => {
        const params = (
          method === 'session' || method === 'balance' || method === 'check'
            ? request.query
            : request.body
        ) as Record<string, string>;
        // Every request, check included, is signed by the standard rule.
        const signOk = params['sign'] === endoSign(params, salt);
        calls.push({ method, params, signOk });
        const fault = faults[method]?.shift();
        if (fault === 'http500' || fault === 'internal') return error(reply, 500, 'INTERNAL_ERROR');
        if (!signOk) return error(reply, 401, 'ACCESS_DENIED');
        if (method === 'check') {
          // Only the answer carries the node id: sign = SHA-1(nodeId + param + salt).
          const sign = createHash('sha1')
            .update(nodeId + params['param'] + salt)
            .digest('hex');
          return { nodeId, param: params['param'], sign };
        }
        const answer = (): unknown => {
          const session = tokens.get(params['token'] ?? '');
          if (method === 'promoWin') return undefined;
          if (!session) return 'TOKEN_NOT_FOUND';
          const balance = balances.get(session.player) ?? 0;
          switch (method) {
            case 'session':
              return session;
            case 'balance':
            case 'endSession':
              return { balance };
            case 'bet': {
              const key = `bet:${params['id']}`;
              if (applied.has(`refund:${params['id']}`)) return 'NO_RETRY';
              const prior = applied.get(key);
              if (prior) return { ...prior, balance };
              const amount = Number(params['amount']);
              if (amount > balance) return 'INSUFFICIENT_FUNDS';
              balances.set(session.player, balance - amount);
              const posting = { balance: balance - amount, transactionId: `T${seq++}` };
              applied.set(key, posting);
              return posting;
            }
            case 'win':
            case 'refund': {
              const key =
                method === 'win' ? `win:${params['betTransactionId']}` : `refund:${params['id']}`;
              const prior = applied.get(key);
              if (prior) return { ...prior, balance };
              const amount =
                method === 'refund' && !applied.has(`bet:${params['id']}`)
                  ? 0
                  : Number(params['amount']);
              balances.set(session.player, balance + amount);
              const posting = { balance: balance + amount, transactionId: `T${seq++}` };
              applied.set(key, posting);
              return posting;
            }
            default:
              return 'INTERNAL_ERROR';
          }
        };
        const result = answer();
        if (fault === 'timeout') await sleep(600);
        if (typeof result === 'string') {
          const status =
            { TOKEN_NOT_FOUND: 404, INSUFFICIENT_FUNDS: 402, NO_RETRY: 429 }[result] ?? 500;
          return error(reply, status, result);
        }
        return result;
      };
      app.get(`/endo/${method}`, handler);
      app.post(`/endo/${method}`, handler);
    }
  });

  return {
    url: `${url}/endo`,
    calls,
    balances,
    addToken(token: string, player: string, game: string, balance: number, currency = 'USD') {
      tokens.set(token, { player, currency, game });
      balances.set(player, balance);
    },
    fail(method: string, ...list: Fault[]) {
      faults[method] = [...(faults[method] ?? []), ...list];
    },
    close: () => app.close(),
  };
}
