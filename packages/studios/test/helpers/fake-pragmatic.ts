import { createHash } from 'node:crypto';
import { listen, sleep, type Fault } from './http-server';

/** Pragmatic's hash, written independently of the studio's code (empty values left out). */
export function ppHash(params: Record<string, string>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'hash' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + secret)
    .digest('hex');
}

export interface PpCall {
  method: string;
  params: Record<string, string>;
  hashOk: boolean;
}

/** The operator's Seamless Wallet: verifies hashes, keeps cents, idempotent on reference. */
export async function fakePragmaticOperator(secret: string) {
  const calls: PpCall[] = [];
  const faults: Record<string, Fault[]> = {};
  const tokens = new Map<string, string>();
  const cents = new Map<string, number>();
  const refs = new Map<string, string>();
  const refunded = new Set<string>();
  let seq = 5000;

  const toCents = (amount: string): number => Math.round(Number(amount) * 100);
  const money = (userId: string) => {
    const c = cents.get(userId) ?? 0;
    return { currency: 'EUR', cash: Number((c / 100).toFixed(2)), bonus: 0 };
  };

  const { app, url } = await listen((app) => {
    app.post<{ Params: { method: string }; Body: Record<string, string> }>(
      '/pp/:method',
      async (request) => {
        const method = request.params.method.replace(/\.html$/, '');
        const params = request.body;
        const hashOk = params['hash'] === ppHash(params, secret);
        calls.push({ method, params, hashOk });
        const fault = faults[method]?.shift();
        if (fault === 'http500') throw new Error('simulated 500');
        if (fault === 'internal') return { error: 100, description: 'Internal error, retry' };
        if (!hashOk) return { error: 5, description: 'Invalid hash' };
        const userId = params['userId'] ?? '';
        const result = ((): Record<string, unknown> => {
          switch (method) {
            case 'authenticate': {
              const user = tokens.get(params['token'] ?? '');
              return user
                ? { userId: user, ...money(user), error: 0, description: 'Success' }
                : { error: 4, description: 'Token expired' };
            }
            case 'balance':
              return { ...money(userId), error: 0, description: 'Success' };
            case 'bet':
            case 'result': {
              const ref = params['reference'] ?? '';
              if (method === 'bet' && refunded.has(ref))
                return { error: 3, description: 'Bet refunded' };
              const prior = refs.get(ref);
              if (prior)
                return {
                  transactionId: prior,
                  ...money(userId),
                  usedPromo: 0,
                  error: 0,
                  description: 'Success',
                };
              const amount = toCents(params['amount'] ?? '0');
              const have = cents.get(userId) ?? 0;
              if (method === 'bet' && amount > have)
                return { error: 1, description: 'Insufficient balance' };
              cents.set(userId, method === 'bet' ? have - amount : have + amount);
              // A prize drop on a result: credited once per promoWinReference.
              const prize = params['promoWinReference'];
              if (method === 'result' && prize && !refs.has(`prize:${prize}`)) {
                refs.set(`prize:${prize}`, 'paid');
                const promo = toCents(params['promoWinAmount'] ?? '0');
                cents.set(userId, (cents.get(userId) ?? 0) + promo);
              }
              const id = String(seq++);
              refs.set(ref, id);
              return {
                transactionId: id,
                ...money(userId),
                usedPromo: 0,
                error: 0,
                description: 'Success',
              };
            }
            case 'refund': {
              const ref = params['reference'] ?? '';
              if (!refunded.has(ref)) {
                refunded.add(ref);
                if (refs.has(ref))
                  cents.set(userId, (cents.get(userId) ?? 0) + toCents(params['amount'] ?? '0'));
              }
              return { transactionId: String(seq++), error: 0, description: 'Success' };
            }
            case 'bonusWin': // informational: the spins were paid by their results
              return {
                transactionId: String(seq++),
                ...money(userId),
                error: 0,
                description: 'Success',
              };
            case 'endRound':
              return { ...money(userId), error: 0, description: 'Success' };
            default:
              return { error: 120, description: 'Unknown method' };
          }
        })();
        if (fault === 'timeout') await sleep(600);
        return result;
      },
    );
  });

  return {
    url: `${url}/pp`,
    calls,
    cents,
    addToken(token: string, userId: string, balanceCents: number) {
      tokens.set(token, userId);
      cents.set(userId, balanceCents);
    },
    fail(method: string, ...list: Fault[]) {
      faults[method] = [...(faults[method] ?? []), ...list];
    },
    close: () => app.close(),
  };
}
