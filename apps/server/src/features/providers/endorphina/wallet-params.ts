import { fromThousandths, maxAmount, MoneyFormatError } from '../../wallet';
import { endoRefusal, type EndoAnswer } from './wallet-answers';

/**
 * The parameters of EndoAPI's money calls (docs/protocols/endorphina.md), read from the signed
 * form after its sign was checked. A missing parameter or a malformed amount is NO_RETRY: the
 * same call sent again would be just as wrong, and nothing was posted.
 */

export type Parsed<T> = { ok: true; value: T } | { ok: false; answer: EndoAnswer };

/** What a bet carries: all of it is required (the bet is checked against its token). */
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

/**
 * A win or a refund: credits, which must land. Only what public integrations require of
 * them is required (docs/protocols/endorphina.md, "Operator side"); the rest is taken from
 * the bet, the token or the wallet.
 */
export interface CreditCall {
  /** Absent: the player is `player` (our user id, as `session` answered it). */
  token: string | undefined;
  player: string | undefined;
  currency: string | undefined;
  game: string | undefined;
  amount: bigint;
  roundId: string;
  date: string;
}

/**
 * `id` is absent on a zero win. `betTransactionId` names the bet it pays: the bet's own `id`
 * (as the production platform reads it), or the transactionId we answered for the bet. The
 * platform's older shape signs only amount, date, gameId, id and token: no player, no
 * betTransactionId; such a win is matched to its bet by the token's player and the round
 * (calls/win.ts, decision 061).
 */
export type WinCall = CreditCall & {
  id: string | undefined;
  betTransactionId: string | undefined;
};
/** `id` is the BET's id. */
export type RefundCall = CreditCall & { id: string };

export interface PromoWinCall {
  id: string;
  /** Our user id. */
  player: string;
  game: string | undefined;
  roundId: string | undefined;
  amount: bigint;
}

/** A call's parameters, decoded once and never coerced (the sign was computed over them). */
export type EndoParams = Readonly<Record<string, string>>;
type Params = EndoParams;

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

export function parseBet(params: Params): Parsed<BetCall> {
  const fields = read(params, [...tokenCallFields, 'id']);
  if (!fields.ok) return fields;
  return { ok: true, value: { ...tokenCall(params, fields.value), id: fields.value.id } };
}

const present = (params: Params, name: string): string | undefined => {
  const value = params[name];
  return value === undefined || value === '' ? undefined : value;
};

function creditCall(
  params: Params,
  values: { amount: bigint; gameId: string; date: string },
): CreditCall {
  return {
    token: present(params, 'token'),
    player: present(params, 'player'),
    currency: present(params, 'currency'),
    game: present(params, 'game'),
    amount: values.amount,
    roundId: values.gameId,
    date: values.date,
  };
}

/**
 * A win needs amount, date and gameId (and its sign); whom it pays comes from its bet
 * (betTransactionId), its token or its player, whichever it sends (calls/win.ts).
 */
export function parseWin(params: Params): Parsed<WinCall> {
  const fields = read(params, ['date', 'gameId']);
  if (!fields.ok) return fields;
  return {
    ok: true,
    value: {
      ...creditCall(params, fields.value),
      id: present(params, 'id'),
      betTransactionId: present(params, 'betTransactionId'),
    },
  };
}

/** A refund needs the bet's id, amount, date and gameId, and a token or a player. */
export function parseRefund(params: Params): Parsed<RefundCall> {
  const fields = read(params, ['id', 'date', 'gameId']);
  if (!fields.ok) return fields;
  const call = { ...creditCall(params, fields.value), id: fields.value.id };
  if (call.token === undefined && call.player === undefined) {
    return { ok: false, answer: endoRefusal('NO_RETRY', 'missing parameter: player') };
  }
  return { ok: true, value: call };
}

/** A promoWin needs id, amount and player; game and gameId are kept when sent. */
export function parsePromoWin(params: Params): Parsed<PromoWinCall> {
  const fields = read(params, ['id', 'player']);
  if (!fields.ok) return fields;
  const { id, player, amount } = fields.value;
  return {
    ok: true,
    value: {
      id,
      player,
      game: present(params, 'game'),
      roundId: present(params, 'gameId'),
      amount,
    },
  };
}
