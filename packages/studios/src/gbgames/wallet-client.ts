import type { RefusalKind } from '../game/session';
import { httpRequest, type HttpAnswer } from '../shared/http';
import { formatMilli, parseDecimalToMilli } from '../shared/money';
import { withRetry, type Attempt, type CallOutcome, type RetryPolicy } from '../shared/retry';
import { gbSignature } from './signature';

/** The fixed path of the operator's endpoint, under the operator's site root. */
export const BET_RESULT_PATH = '/api/game/BetResult_url';

export interface GbOperator {
  /** The operator's site root; the studio posts to {siteUrl}/api/game/BetResult_url */
  siteUrl: string;
  secret: string;
}

export interface GbPlayer {
  token: string;
  playerId: string;
  gameId: string;
  currency: string;
}

export interface GbPosting {
  balance: number;
  transactionId: string;
}

function refusalKind(code: string): RefusalKind {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'INSUFFICIENT_FUNDS';
    case 'TOKEN_EXPIRED':
    case 'TOKEN_NOT_FOUND':
      return 'SESSION_EXPIRED';
    case 'LIMIT_REACHED':
      return 'LIMIT_REACHED';
    default:
      return 'REJECTED';
  }
}

function interpret<T>(
  answer: HttpAnswer,
  parse: (b: Record<string, unknown>) => T | undefined,
): Attempt<T> {
  const body = (answer.json ?? {}) as Record<string, unknown>;
  if (answer.status === 200 && body['status'] === 'OK') {
    const value = parse(body);
    return value === undefined
      ? { kind: 'retry', reason: 'unreadable answer' }
      : { kind: 'ok', value };
  }
  const code = typeof body['code'] === 'string' ? body['code'] : '';
  if (answer.status >= 500 || code === 'INTERNAL' || body['status'] !== 'ERROR' || !code) {
    return { kind: 'retry', reason: `HTTP ${answer.status} ${code}` };
  }
  const message = typeof body['message'] === 'string' ? body['message'] : '';
  return { kind: 'refused', code: refusalKind(code), message: `${code}: ${message}` };
}

const posting = (b: Record<string, unknown>): GbPosting | undefined => {
  const balance = parseDecimalToMilli(b['balance']);
  const id = b['transactionId'];
  if (balance === undefined || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  return { balance, transactionId: String(id) };
};

/** The studio's client of the operator's BetResult_url endpoint (docs/protocols/gbgames.md). */
export class GbWalletClient {
  constructor(
    private readonly operator: GbOperator,
    private readonly policy: RetryPolicy,
  ) {}

  /**
   * Signs and posts one message. The body is rebuilt per attempt only to refresh `timestamp`
   * (the freshness check); every other field is identical, and the operator's idempotency
   * compares everything but the timestamp.
   */
  private send<T>(
    message: Record<string, string>,
    parse: (b: Record<string, unknown>) => T | undefined,
  ): Promise<CallOutcome<T>> {
    const url = `${this.operator.siteUrl.replace(/\/+$/, '')}${BET_RESULT_PATH}`;
    return withRetry(this.policy, async () => {
      const body = JSON.stringify({ ...message, timestamp: new Date().toISOString() });
      return interpret(
        await httpRequest({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'x-gb-signature': gbSignature(body, this.operator.secret),
          },
          body,
          timeoutMs: this.policy.timeoutMs,
        }),
        parse,
      );
    });
  }

  balance(player: GbPlayer): Promise<CallOutcome<number>> {
    return this.send({ type: 'balance', ...player }, (b) => parseDecimalToMilli(b['balance']));
  }

  bet(
    player: GbPlayer,
    t: { transactionId: string; roundId: string; amount: number },
  ): Promise<CallOutcome<GbPosting>> {
    return this.send(
      {
        type: 'bet',
        transactionId: t.transactionId,
        roundId: t.roundId,
        ...player,
        amount: formatMilli(t.amount, 2),
      },
      posting,
    );
  }

  result(
    player: GbPlayer,
    t: { transactionId: string; betTransactionId: string; roundId: string; amount: number },
  ): Promise<CallOutcome<GbPosting>> {
    return this.send(
      {
        type: 'result',
        transactionId: t.transactionId,
        betTransactionId: t.betTransactionId,
        roundId: t.roundId,
        ...player,
        amount: formatMilli(t.amount, 2),
      },
      posting,
    );
  }

  /** Cancels a bet (`betTransactionId`); `amount` repeats the bet's amount. */
  refund(
    player: GbPlayer,
    t: { transactionId: string; betTransactionId: string; roundId: string; amount: number },
  ): Promise<CallOutcome<GbPosting>> {
    return this.send(
      {
        type: 'refund',
        transactionId: t.transactionId,
        betTransactionId: t.betTransactionId,
        roundId: t.roundId,
        ...player,
        amount: formatMilli(t.amount, 2),
      },
      posting,
    );
  }
}
