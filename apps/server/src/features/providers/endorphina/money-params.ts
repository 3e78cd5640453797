import { fromThousandths, maxAmount, MoneyFormatError } from '../../wallet/money';
import { endoRefusal, type EndoAnswer } from './endo-answers';

/**
 * The parameters of EndoAPI's money calls (docs/protocols/endorphina.md), read from the signed
 * form after its sign was checked. A missing parameter or a malformed amount is NO_RETRY: the
 * same call sent again would be just as wrong, and nothing was posted.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; answer: EndoAnswer };

/** What bet, win and refund all carry. */
export interface TokenMoneyCall {
  token: string;
  player: string;
  currency: string;
  /** Endorphina's game name (our games.provider_game_id). */
  game: string;
  /** Thousandths, exactly as sent. */
  amount: bigint;
  /** EndoAPI's `gameId` is the ROUND id. */
  roundId: string;
  /** The round's start (ms since the epoch), kept for audit only. */
  date: string | undefined;
}

export type BetCall = TokenMoneyCall & { id: string };
/** `id` is absent on a zero win; `betTransactionId` is OUR transactionId of the bet. */
export type WinCall = TokenMoneyCall & { id: string | undefined; betTransactionId: string };
/** `id` is the BET's id. */
export type RefundCall = TokenMoneyCall & { id: string };

export interface PromoWinCall {
  id: string;
  /** Our user id. */
  player: string;
  game: string;
  roundId: string;
  amount: bigint;
}

type Params = Readonly<Record<string, string>>;

/**
 * An integer count of thousandths, 0 to the ledger's maximum (one billion units): no point,
 * sign, exponent or whitespace. Throws MoneyFormatError.
 */
export function parseEndoAmount(text: string): bigint {
  return fromThousandths(text, { max: maxAmount });
}

function read<N extends string>(
  params: Params,
  required: readonly N[],
): Parsed<Record<N, string> & { amount: bigint }> {
  const values = {} as Record<N, string>;
  for (const name of required) {
    const value = params[name];
    if (value === undefined || value === '') {
      return { ok: false, answer: endoRefusal('NO_RETRY', `missing parameter: ${name}`) };
    }
    values[name] = value;
  }
  const text = params['amount'];
  if (text === undefined || text === '') {
    return { ok: false, answer: endoRefusal('NO_RETRY', 'missing parameter: amount') };
  }
  try {
    return { ok: true, value: { ...values, amount: parseEndoAmount(text) } };
  } catch (error) {
    if (!(error instanceof MoneyFormatError)) throw error;
    return { ok: false, answer: endoRefusal('NO_RETRY', `bad amount: ${error.message}`) };
  }
}

const tokenCallFields = ['player', 'currency', 'game', 'gameId'] as const;

function tokenCall(
  params: Params,
  values: Record<(typeof tokenCallFields)[number], string> & {
    amount: bigint;
  },
): TokenMoneyCall {
  return {
    // A missing token is looked up like an unknown one (TOKEN_NOT_FOUND), as session does.
    token: params['token'] ?? '',
    player: values.player,
    currency: values.currency,
    game: values.game,
    amount: values.amount,
    roundId: values.gameId,
    date: params['date'],
  };
}

export function betCall(params: Params): Parsed<BetCall> {
  const fields = read(params, [...tokenCallFields, 'id']);
  if (!fields.ok) return fields;
  return { ok: true, value: { ...tokenCall(params, fields.value), id: fields.value.id } };
}

export function winCall(params: Params): Parsed<WinCall> {
  const fields = read(params, [...tokenCallFields, 'betTransactionId']);
  if (!fields.ok) return fields;
  const id = params['id'];
  return {
    ok: true,
    value: {
      ...tokenCall(params, fields.value),
      id: id === undefined || id === '' ? undefined : id,
      betTransactionId: fields.value.betTransactionId,
    },
  };
}

export function refundCall(params: Params): Parsed<RefundCall> {
  return betCall(params);
}

export function promoWinCall(params: Params): Parsed<PromoWinCall> {
  const fields = read(params, ['id', 'player', 'game', 'gameId']);
  if (!fields.ok) return fields;
  const { id, player, game, gameId, amount } = fields.value;
  return { ok: true, value: { id, player, game, roundId: gameId, amount } };
}
