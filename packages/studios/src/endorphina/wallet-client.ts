import { formEncode, httpRequest, type HttpAnswer } from '../shared/http';
import { parseIntegerMilli } from '../shared/money';
import { withRetry, type Attempt, type CallOutcome, type RetryPolicy } from '../shared/retry';
import type { RefusalKind } from '../game/session';
import { endorphinaCheckSign, endorphinaSign } from './sign';

export interface EndorphinaOperator {
  /** Where the operator's EndoAPI callbacks live, e.g. https://casino.example/endorphina */
  callbackUrl: string;
  nodeId: string;
  salt: string;
}

export interface SessionInfo {
  player: string;
  currency: string;
  game: string;
}

export interface Posting {
  balance: number;
  transactionId: string;
}

/** Fields every money call carries. Amounts are integers in thousandths. */
export interface MoneyCall {
  token: string;
  currency: string;
  game: string;
  player: string;
  amount: number;
  /** The round ("gameId" in EndoAPI). */
  gameId: string;
  date: number;
}

/** EndoAPI error codes mapped to what the game page tells the player. */
function refusalKind(code: string): RefusalKind {
  switch (code) {
    case 'INSUFFICIENT_FUNDS':
      return 'INSUFFICIENT_FUNDS';
    case 'TOKEN_EXPIRED':
    case 'TOKEN_NOT_FOUND':
    case 'ACCESS_DENIED':
      return 'SESSION_EXPIRED';
    case 'LIMIT_REACHED':
      return 'LIMIT_REACHED';
    default:
      return 'REJECTED';
  }
}

/**
 * Reads an answer: 2xx JSON is success; INTERNAL_ERROR / 5xx / garbage is worth a retry;
 * any other `{code, message}` (NO_RETRY included) is final.
 */
function interpret<T>(
  answer: HttpAnswer,
  parse: (body: Record<string, unknown>) => T | undefined,
): Attempt<T> {
  const body = (answer.json ?? {}) as Record<string, unknown>;
  if (answer.status >= 200 && answer.status < 300) {
    const value = parse(body);
    return value === undefined
      ? { kind: 'retry', reason: `unreadable answer: ${answer.text.slice(0, 200)}` }
      : { kind: 'ok', value };
  }
  const code = typeof body['code'] === 'string' ? body['code'] : '';
  if (answer.status >= 500 || code === 'INTERNAL_ERROR' || !code) {
    return { kind: 'retry', reason: `HTTP ${answer.status} ${code}` };
  }
  const message = typeof body['message'] === 'string' ? body['message'] : code;
  return { kind: 'refused', code: refusalKind(code), message: `${code}: ${message}` };
}

const posting = (body: Record<string, unknown>): Posting | undefined => {
  const balance = parseIntegerMilli(body['balance']);
  const id = body['transactionId'];
  if (balance === undefined || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  return { balance, transactionId: String(id) };
};

/** The studio's side of the EndoAPI seamless wallet: signed calls to the operator. */
export class EndorphinaWalletClient {
  constructor(
    private readonly operator: EndorphinaOperator,
    private readonly policy: RetryPolicy,
  ) {}

  private url(path: string): string {
    return `${this.operator.callbackUrl.replace(/\/+$/, '')}/${path}`;
  }

  private signed(params: Record<string, string>): Record<string, string> {
    return { ...params, sign: endorphinaSign(params, this.operator.salt) };
  }

  private get(path: string, params: Record<string, string>): Promise<HttpAnswer> {
    return httpRequest({
      method: 'GET',
      url: `${this.url(path)}?${formEncode(this.signed(params))}`,
      headers: { accept: 'application/json' },
      timeoutMs: this.policy.timeoutMs,
    });
  }

  private post(path: string, params: Record<string, string>): Promise<HttpAnswer> {
    return httpRequest({
      method: 'POST',
      url: this.url(path),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: formEncode(this.signed(params)),
      timeoutMs: this.policy.timeoutMs,
    });
  }

  session(token: string): Promise<CallOutcome<SessionInfo>> {
    return withRetry(this.policy, async () =>
      interpret(await this.get('session', { token }), (b) =>
        typeof b['player'] === 'string' &&
        typeof b['currency'] === 'string' &&
        typeof b['game'] === 'string'
          ? { player: b['player'], currency: b['currency'], game: b['game'] }
          : undefined,
      ),
    );
  }

  balance(token: string): Promise<CallOutcome<number>> {
    return withRetry(this.policy, async () =>
      interpret(await this.get('balance', { token }), (b) => parseIntegerMilli(b['balance'])),
    );
  }

  private moneyParams(call: MoneyCall): Record<string, string> {
    return {
      token: call.token,
      currency: call.currency,
      game: call.game,
      player: call.player,
      amount: String(call.amount),
      gameId: call.gameId,
      // Milliseconds since the epoch, fixed per round so a retry is byte-identical.
      date: String(call.date),
    };
  }

  bet(call: MoneyCall & { id: string }): Promise<CallOutcome<Posting>> {
    const params = { ...this.moneyParams(call), id: call.id };
    return withRetry(this.policy, async () => interpret(await this.post('bet', params), posting));
  }

  /**
   * A win in the public integrations' minimal shape: no `currency` or `game` (the operator
   * takes them from the bet it pays). `id` is left out for a zero win, which only closes the
   * round (EndoAPI: "may be absent").
   */
  win(
    call: MoneyCall & { id: string | undefined; betTransactionId: string },
  ): Promise<CallOutcome<Posting>> {
    const { currency: _currency, game: _game, ...shared } = this.moneyParams(call);
    const params: Record<string, string> = {
      ...shared,
      betTransactionId: call.betTransactionId,
    };
    if (call.id !== undefined) params['id'] = call.id;
    return withRetry(this.policy, async () => interpret(await this.post('win', params), posting));
  }

  /** Cancels a bet: `id` is the BET's id, `amount` the bet's amount. */
  refund(call: MoneyCall & { id: string }): Promise<CallOutcome<Posting>> {
    const params = { ...this.moneyParams(call), id: call.id };
    return withRetry(this.policy, async () =>
      interpret(await this.post('refund', params), posting),
    );
  }

  promoWin(call: {
    id: string;
    amount: number;
    player: string;
    game: string;
    gameId: string;
  }): Promise<CallOutcome<Posting>> {
    const params = {
      id: call.id,
      amount: String(call.amount),
      player: call.player,
      game: call.game,
      gameId: call.gameId,
    };
    return withRetry(this.policy, async () =>
      interpret(await this.post('promoWin', params), posting),
    );
  }

  endSession(token: string): Promise<CallOutcome<number>> {
    return withRetry(this.policy, async () =>
      interpret(await this.post('endSession', { token }), (b) => parseIntegerMilli(b['balance'])),
    );
  }

  /**
   * The integration check: GET check?param=…&sign=SHA-1(param + salt) (the standard rule).
   * The operator answers {nodeId, param, sign = SHA-1(nodeId + param + salt)}.
   */
  async check(param: string): Promise<{ ok: boolean; detail: string }> {
    const { nodeId, salt } = this.operator;
    const sign = endorphinaCheckSign(nodeId, param, salt);
    try {
      const answer = await httpRequest({
        method: 'GET',
        url: `${this.url('check')}?${formEncode(this.signed({ param }))}`,
        timeoutMs: this.policy.timeoutMs,
      });
      const body = (answer.json ?? {}) as Record<string, unknown>;
      const ok =
        answer.status === 200 &&
        body['nodeId'] === nodeId &&
        body['param'] === param &&
        typeof body['sign'] === 'string' &&
        body['sign'].toLowerCase() === sign;
      return { ok, detail: `HTTP ${answer.status} ${answer.text.slice(0, 300)}` };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
