import type { RefusalKind } from '../game/session';
import { formEncode, httpRequest, type HttpAnswer } from '../shared/http';
import { formatMilli, parseDecimalToMilli } from '../shared/money';
import { withRetry, type Attempt, type CallOutcome, type RetryPolicy } from '../shared/retry';
import { pragmaticHash } from './hash';

export interface PragmaticOperator {
  /** The operator's Seamless Wallet base URL; methods are POSTed to {base}/{method}.html */
  walletUrl: string;
  secretKey: string;
  providerId: string;
}

export interface PlayerAccount {
  userId: string;
  currency: string;
  /** cash + bonus, in thousandths. */
  balance: number;
}

export interface Transaction {
  transactionId: string;
  balance: number;
}

/** Seamless Wallet error numbers: which ones a provider retries, and what the player hears. */
function classify(error: number): { retry: true } | { retry: false; kind: RefusalKind } {
  switch (error) {
    case 100: // internal error, retry
    case 130: // endRound error, retry
      return { retry: true };
    case 1:
      return { retry: false, kind: 'INSUFFICIENT_FUNDS' };
    case 2: // player not found or logged out
    case 4: // authentication failed (bad or expired token)
      return { retry: false, kind: 'SESSION_EXPIRED' };
    case 50: // bet limit reached
    case 310: // bet out of limits
      return { retry: false, kind: 'LIMIT_REACHED' };
    default: // 3, 5, 6, 7, 8, 120, 210, …
      return { retry: false, kind: 'REJECTED' };
  }
}

function interpret<T>(
  answer: HttpAnswer,
  parse: (body: Record<string, unknown>) => T | undefined,
): Attempt<T> {
  if (answer.status >= 500) return { kind: 'retry', reason: `HTTP ${answer.status}` };
  const body = answer.json;
  if (answer.status !== 200 || body === null || typeof body !== 'object') {
    return { kind: 'retry', reason: `HTTP ${answer.status}: ${answer.text.slice(0, 200)}` };
  }
  const record = body as Record<string, unknown>;
  const error = Number(record['error']);
  const description = typeof record['description'] === 'string' ? record['description'] : '';
  if (error !== 0) {
    if (!Number.isInteger(error))
      return { kind: 'retry', reason: 'answer without an error number' };
    const c = classify(error);
    return c.retry
      ? { kind: 'retry', reason: `error ${error} ${description}` }
      : { kind: 'refused', code: c.kind, message: `error ${error}: ${description}` };
  }
  const value = parse(record);
  return value === undefined
    ? { kind: 'retry', reason: 'unreadable answer' }
    : { kind: 'ok', value };
}

const balanceOf = (b: Record<string, unknown>): number | undefined => {
  const cash = parseDecimalToMilli(b['cash']);
  const bonus = b['bonus'] === undefined ? 0 : parseDecimalToMilli(b['bonus']);
  return cash === undefined || bonus === undefined ? undefined : cash + bonus;
};

const transaction = (b: Record<string, unknown>): Transaction | undefined => {
  const balance = balanceOf(b);
  const id = b['transactionId'];
  if (balance === undefined || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  return { balance, transactionId: String(id) };
};

export interface RoundCall {
  userId: string;
  gameId: string;
  roundId: string;
  amount: number;
  reference: string;
  timestamp: number;
}

/** A prize drop the provider pays with a round's result (Pragmatic's promoWin* fields). */
export interface PrizeDrop {
  /** Thousandths. */
  amount: number;
  /** The prize's own reference: the operator credits it once per reference. */
  reference: string;
  campaignId: string;
  /** `R`: prize drop. */
  campaignType: string;
}

export interface ResultCall extends RoundCall {
  /** The free-rounds bonus this spin belongs to; sent empty (`bonusCode=`) outside one. */
  bonusCode?: string;
  prizeDrop?: PrizeDrop;
}

/** The provider's side of Pragmatic's Seamless Wallet API. */
export class PragmaticWalletClient {
  constructor(
    private readonly operator: PragmaticOperator,
    private readonly policy: RetryPolicy,
  ) {}

  private call<T>(
    method: string,
    params: Record<string, string>,
    parse: (b: Record<string, unknown>) => T | undefined,
  ): Promise<CallOutcome<T>> {
    const all = { ...params, providerId: this.operator.providerId };
    const body = formEncode({ ...all, hash: pragmaticHash(all, this.operator.secretKey) });
    const url = `${this.operator.walletUrl.replace(/\/+$/, '')}/${method}.html`;
    return withRetry(this.policy, async () =>
      interpret(
        await httpRequest({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body,
          timeoutMs: this.policy.timeoutMs,
        }),
        parse,
      ),
    );
  }

  authenticate(
    token: string,
    gameId: string,
    ipAddress?: string,
  ): Promise<CallOutcome<PlayerAccount>> {
    const params: Record<string, string> = { token, gameId };
    if (ipAddress) params['ipAddress'] = ipAddress;
    return this.call('authenticate', params, (b) => {
      const balance = balanceOf(b);
      const userId = b['userId'];
      const currency = b['currency'];
      if (balance === undefined || typeof currency !== 'string') return undefined;
      if (typeof userId !== 'string' && typeof userId !== 'number') return undefined;
      return { userId: String(userId), currency, balance };
    });
  }

  balance(userId: string, token?: string): Promise<CallOutcome<number>> {
    const params: Record<string, string> = { userId };
    if (token) params['token'] = token;
    return this.call('balance', params, balanceOf);
  }

  private roundParams(call: RoundCall): Record<string, string> {
    return {
      userId: call.userId,
      gameId: call.gameId,
      roundId: call.roundId,
      amount: formatMilli(call.amount, 2),
      reference: call.reference,
      timestamp: String(call.timestamp),
      roundDetails: 'spin',
    };
  }

  bet(call: RoundCall): Promise<CallOutcome<Transaction>> {
    return this.call('bet', this.roundParams(call), transaction);
  }

  /**
   * The round's win. Always carries `bonusCode` (empty outside a bonus, as the provider sends
   * it: the hash leaves empty values out) and, with a prize drop, the promoWin* fields.
   */
  result(call: ResultCall): Promise<CallOutcome<Transaction>> {
    const params = { ...this.roundParams(call), bonusCode: call.bonusCode ?? '' };
    if (call.prizeDrop) {
      Object.assign(params, {
        promoWinAmount: formatMilli(call.prizeDrop.amount, 2),
        promoWinReference: call.prizeDrop.reference,
        promoCampaignID: call.prizeDrop.campaignId,
        promoCampaignType: call.prizeDrop.campaignType,
      });
    }
    return this.call('result', params, transaction);
  }

  /**
   * The total of a free-rounds bonus whose spins were each paid by `result`: informational,
   * the operator moves no money for it and answers the balance.
   */
  bonusWin(call: {
    userId: string;
    amount: number;
    reference: string;
    bonusCode: string;
    timestamp: number;
  }): Promise<CallOutcome<Transaction>> {
    return this.call(
      'bonusWin',
      {
        userId: call.userId,
        amount: formatMilli(call.amount, 2),
        reference: call.reference,
        bonusCode: call.bonusCode,
        timestamp: String(call.timestamp),
      },
      transaction,
    );
  }

  /** Cancels a bet: `reference` is the ORIGINAL bet's reference. */
  refund(call: {
    userId: string;
    reference: string;
    amount: number;
    gameId: string;
    roundId: string;
  }): Promise<CallOutcome<string>> {
    return this.call(
      'refund',
      {
        userId: call.userId,
        reference: call.reference,
        amount: formatMilli(call.amount, 2),
        gameId: call.gameId,
        roundId: call.roundId,
      },
      (b) => {
        const id = b['transactionId'];
        return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
      },
    );
  }

  endRound(call: {
    userId: string;
    gameId: string;
    roundId: string;
  }): Promise<CallOutcome<{ balance: number | undefined }>> {
    return this.call(
      'endRound',
      { userId: call.userId, gameId: call.gameId, roundId: call.roundId },
      (b) => ({
        balance: b['cash'] === undefined ? undefined : balanceOf(b),
      }),
    );
  }

  jackpotWin(call: RoundCall & { jackpotId: string }): Promise<CallOutcome<Transaction>> {
    const { roundDetails: _unused, ...params } = this.roundParams(call);
    return this.call('jackpotWin', { ...params, jackpotId: call.jackpotId }, transaction);
  }

  promoWin(call: {
    userId: string;
    campaignId: string;
    campaignType: string;
    amount: number;
    currency: string;
    reference: string;
    timestamp: number;
  }): Promise<CallOutcome<Transaction>> {
    return this.call(
      'promoWin',
      {
        userId: call.userId,
        campaignId: call.campaignId,
        campaignType: call.campaignType,
        amount: formatMilli(call.amount, 2),
        currency: call.currency,
        reference: call.reference,
        timestamp: String(call.timestamp),
      },
      transaction,
    );
  }
}
