import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { endorphinaSign } from '../src/features/providers/endorphina/signature';
import type { FaultLoadReport } from './fault-load-report';

/**
 * The calls of the fault load (fault-load.ts), each through its real protocol: Endorphina's
 * wallet callbacks, the cashier's card deposits and crypto withdrawals, the operator's
 * adjustments and the bonus claims and cancels. Each is sent again until it gets a definite
 * answer, and its effect is counted once, on that answer, in the context's report.
 */

/** The seeded "$10 free" offer (migration 0009): once per player, credited at once. */
const freeCreditOffer = 'free-10';

export interface Player {
  id: string;
  /** The free-credit claim was sent (once per player: the offer is once per player). */
  bonusClaimSent?: boolean;
  authorization: string;
  /** Endorphina launch token. */
  token: string;
  address: string;
}

/** "12.34" → thousandths. */
const thousandths = (amount: string) => BigInt(Math.round(Number(amount) * 100)) * 10n;
const dollars = (cents: number) => (cents / 100).toFixed(2);
export const randomInt = (min: number, max: number) =>
  min + Math.floor(Math.random() * (max - min + 1));
const trcAddress = () => {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let text = 'T';
  for (let i = 0; i < 33; i++) text += alphabet[randomInt(0, alphabet.length - 1)];
  return text;
};

export class Unexpected extends Error {}

/** What the calls need from the run; `base` changes with each restarted server. */
export interface LoadContext {
  base: () => string;
  salt: string;
  /** The Endorphina game the rounds are played in. */
  game: string;
  operatorToken: string;
  report: FaultLoadReport;
  /** Counts money a definite answer moved (negative: taken). */
  credit: (p: Player, amount: bigint) => void;
  /** Deposits answered other than "succeeded": judged at the end by their payment. */
  unsettled: UnsettledDeposit[];
}

export interface UnsettledDeposit {
  player: Player;
  key: string;
  amount: bigint;
  answered: string;
}

/** A call without a definite answer for this long fails the run (see untilDefinite). */
const stuckAfterMs = 45_000;

export function loadCalls(ctx: LoadContext) {
  /**
   * Sends until `decide` returns a definite result; undefined from `decide` (or no answer:
   * a kill, a refused connection) means "send again", as every sender in the protocols does.
   */
  const untilDefinite = async <T>(
    send: () => Promise<Response>,
    decide: (res: Response) => Promise<T | undefined>,
  ): Promise<T> => {
    const began = Date.now();
    let last: string;
    for (;;) {
      try {
        const res = await send();
        last = `${res.status}`;
        const result = await decide(res.clone());
        if (result !== undefined) return result;
        last = `${res.status} ${await res.text()}`;
        if (res.status === 429) {
          await sleep(Number(res.headers.get('retry-after') ?? '1') * 1000);
        }
      } catch (error) {
        if (error instanceof Unexpected) throw error;
        last = String(error);
      }
      // A call that cannot get a definite answer long after every fault is over is a bug
      // (a stuck state), not something to wait for.
      if (Date.now() - began > stuckAfterMs) {
        throw new Unexpected(`no definite answer after ${stuckAfterMs} ms; last: ${last}`);
      }
      ctx.report.retries += 1;
      await sleep(50);
    }
  };
  const unexpected = async (what: string, res: Response) =>
    new Unexpected(`unexpected answer to ${what}: ${res.status} ${await res.text()}`);
  const timeout = () => AbortSignal.timeout(5_000);

  // ---- Endorphina callbacks -------------------------------------------------------------
  const endo = (call: string, params: Record<string, string>) => () =>
    fetch(`${ctx.base()}/api/endo-game/wallet/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, sign: endorphinaSign(params, ctx.salt) }).toString(),
      signal: timeout(),
    });
  /** 'ok' | 'refused' once definite; INTERNAL_ERROR (500) and no answer are sent again. */
  const endoOutcome = (what: string) => async (res: Response) => {
    if (res.status === 200) return 'ok' as const;
    if (res.status === 402) return 'refused' as const;
    if (res.status >= 500) return undefined;
    throw await unexpected(what, res);
  };

  const playRound = async (p: Player, sent: (() => Promise<Response>)[]) => {
    const betId = `b-${randomUUID()}`;
    const round = String(randomInt(1, 2 ** 40));
    const date = String(Date.now());
    const amount = randomInt(100, 5_000); // thousandths, like the protocol: 0.10–5.00
    /** A call of this round (bet, win or refund), its amount in thousandths. */
    const roundCall = (call: string, value: number, id: string, more?: Record<string, string>) =>
      endo(call, {
        token: p.token,
        player: p.id,
        currency: 'USD',
        game: ctx.game,
        amount: String(value),
        gameId: round,
        date,
        id,
        ...more,
      });
    const bet = roundCall('bet', amount, betId);
    if ((await untilDefinite(bet, endoOutcome('bet'))) === 'refused') {
      ctx.report.refusals += 1;
      return;
    }
    ctx.report.postings.bet += 1;
    ctx.credit(p, -BigInt(amount));
    sent.push(bet);
    const end = Math.random();
    if (end < 0.6) {
      const win = randomInt(0, 2 * amount);
      const call = roundCall('win', win, `w-${randomUUID()}`, { betTransactionId: betId });
      if ((await untilDefinite(call, endoOutcome('win'))) !== 'ok') throw new Error('win refused');
      ctx.report.postings.win += 1;
      ctx.credit(p, BigInt(win));
      sent.push(call);
    } else if (end < 0.8) {
      const call = roundCall('refund', amount, betId);
      if ((await untilDefinite(call, endoOutcome('refund'))) !== 'ok') {
        throw new Error('refund refused');
      }
      ctx.report.postings.refund += 1;
      ctx.credit(p, BigInt(amount));
      sent.push(call);
    }
  };

  // ---- Cashier ----------------------------------------------------------------------------
  const player = (p: Player) => ({
    authorization: p.authorization,
    'x-forwarded-for': p.address,
    'content-type': 'application/json',
  });
  const json = async <T>(res: Response) => (await res.json()) as T;

  const cardDeposit = async (p: Player) => {
    const amount = dollars(randomInt(1_000, 20_000));
    const key = randomUUID();
    let paymentMethod: string | undefined;
    const status = await untilDefinite(
      async () => {
        // The card service lives in the server process: a card tokenised before a kill is
        // unknown after it, so a submission not yet stored goes with a fresh token.
        paymentMethod ??= await tokenise(p);
        return fetch(`${ctx.base()}/api/payments/card/deposits`, {
          method: 'POST',
          headers: player(p),
          body: JSON.stringify({ amount, payment_method: paymentMethod, idempotency_key: key }),
          signal: timeout(),
        });
      },
      async (res) => {
        if (res.status === 200 || res.status === 201) {
          return (await json<{ status: string }>(res)).status;
        }
        if (res.status === 400) {
          // "Unknown card": the service restarted between tokenising and submitting, and no
          // payment was stored under the key (else the card would not be asked about).
          return 'declined';
        }
        if (res.status >= 500 || res.status === 429) return undefined;
        throw await unexpected('card deposit', res);
      },
    );
    if (status === 'succeeded') {
      ctx.report.postings.deposit += 1;
      ctx.credit(p, thousandths(amount));
    } else ctx.unsettled.push({ player: p, key, amount: thousandths(amount), answered: status });
  };

  const tokenise = async (p: Player): Promise<string> => {
    const config = await fetch(`${ctx.base()}/api/payments/config`, {
      headers: player(p),
      signal: timeout(),
    });
    if (config.status !== 200) throw new Error(`config ${config.status}`);
    const card = (await json<{ card: { tokenize_url: string; publishable_key: string } }>(config))
      .card;
    const res = await fetch(`${ctx.base()}${new URL(card.tokenize_url, ctx.base()).pathname}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${card.publishable_key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        type: 'card',
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
      }),
      signal: timeout(),
    });
    if (res.status !== 200) throw new Error(`tokenise ${res.status}`);
    return (await json<{ id: string }>(res)).id;
  };

  const withdrawal = async (p: Player) => {
    const amount = dollars(randomInt(2_000, 10_000));
    const body = JSON.stringify({
      amount,
      net: 'TRC',
      address: trcAddress(),
      idempotency_key: randomUUID(),
    });
    const send = () =>
      fetch(`${ctx.base()}/api/payments/crypto/withdrawals`, {
        method: 'POST',
        headers: player(p),
        body,
        signal: timeout(),
      });
    const id = await untilDefinite(send, async (res) => {
      if (res.status === 200 || res.status === 201) return (await json<{ id: string }>(res)).id;
      if (res.status === 409) {
        const code = (await json<{ error?: { code?: string } }>(res)).error?.code;
        // Over the balance, or a bonus is being wagered (decision 039): nothing moved.
        if (code === 'INSUFFICIENT_FUNDS' || code === 'WITHDRAWAL_BONUS_ACTIVE') return null;
        throw new Unexpected(`withdrawal: 409 ${code}`);
      }
      if (res.status >= 500 || res.status === 429) return undefined;
      throw await unexpected('withdrawal', res);
    });
    if (id === null) {
      ctx.report.refusals += 1;
      return;
    }
    ctx.report.postings.withdrawal += 1;
    ctx.credit(p, -thousandths(amount));
    // The player's repeat of the same submission: the same payment, nothing taken twice.
    const again = await untilDefinite(send, async (res) =>
      res.status === 200 || res.status === 201 ? (await json<{ id: string }>(res)).id : undefined,
    );
    if (again !== id) throw new Unexpected(`a repeated withdrawal made payment ${again}`);
    ctx.report.replays += 1;
    if (Math.random() < 0.5) return;
    const canceled = await untilDefinite(
      () =>
        fetch(`${ctx.base()}/api/payments/${id}/cancel`, {
          method: 'POST',
          headers: player(p),
          body: '{}',
          signal: timeout(),
        }),
      async (res) => {
        if (res.status === 200) return true;
        if (res.status === 409) {
          // Not pending any more: our own earlier attempt canceled it (its answer was lost).
          const payment = await fetch(`${ctx.base()}/api/payments/${id}`, {
            headers: player(p),
            signal: timeout(),
          });
          if (payment.status !== 200) return undefined;
          const status = (await json<{ status: string }>(payment)).status;
          if (status === 'canceled') return true;
          throw new Unexpected(`cancel: 409 and the payment is ${status}`);
        }
        if (res.status >= 500 || res.status === 429) return undefined;
        throw await unexpected('cancel', res);
      },
    );
    if (canceled) {
      ctx.report.postings.withdrawalCanceled += 1;
      ctx.credit(p, thousandths(amount));
    }
  };

  // ---- Operator adjustments --------------------------------------------------------------
  const adjustment = async (p: Player, sent: (() => Promise<Response>)[]) => {
    const amount = `${Math.random() < 0.6 ? '' : '-'}${dollars(randomInt(1, 5_000))}`;
    const key = randomUUID();
    const call = () =>
      fetch(`${ctx.base()}/api/operator/wallet/adjustments`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${ctx.operatorToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          user: p.id,
          amount,
          reason: 'fault load',
          idempotencyKey: `faults-${p.id}-${key}`,
        }),
        signal: timeout(),
      });
    const outcome = await untilDefinite(call, async (res) => {
      if (res.status === 200) return 'ok';
      if (res.status === 409) {
        const code = (await json<{ error?: { code?: string } }>(res)).error?.code;
        if (code === 'INSUFFICIENT_FUNDS') return 'refused';
        throw new Unexpected(`adjustment: 409 ${code}`);
      }
      if (res.status >= 500) return undefined;
      throw await unexpected('adjustment', res);
    });
    if (outcome === 'refused') {
      ctx.report.refusals += 1;
      return;
    }
    ctx.report.postings.adjustment += 1;
    ctx.credit(p, thousandths(amount));
    sent.push(call);
  };

  // ---- Bonuses ------------------------------------------------------------------------------
  /**
   * The player's first bonus action claims the free credit; later ones cancel the open bonus
   * if there is one. A claim or a cancel whose answer was lost is answered 409 when sent again
   * (the bonus is open, claimed, or ended): nothing more moves, and the end check reads what
   * the bonus rows say was granted and forfeited.
   */
  const bonusAction = async (p: Player) => {
    const bonusCall = (path: string, body: Record<string, string>) => () =>
      fetch(`${ctx.base()}/api/bonus${path}`, {
        method: 'POST',
        headers: player(p),
        body: JSON.stringify(body),
        signal: timeout(),
      });
    const outcome = (what: string) => async (res: Response) => {
      if (res.status === 200 || res.status === 201) return 'ok' as const;
      if (res.status === 409) return 'refused' as const;
      if (res.status >= 500 || res.status === 429) return undefined;
      throw await unexpected(what, res);
    };
    if (!p.bonusClaimSent) {
      p.bonusClaimSent = true;
      const claimed = await untilDefinite(
        bonusCall('/claim', { offer_id: freeCreditOffer }),
        outcome('bonus claim'),
      );
      if (claimed === 'ok') ctx.report.postings.bonusClaimed += 1;
      return;
    }
    const open = await untilDefinite(
      () => fetch(`${ctx.base()}/api/bonus`, { headers: player(p), signal: timeout() }),
      async (res) => {
        if (res.status === 200) {
          return {
            bonus: (await json<{ active: { id: string; status: string } | null }>(res)).active,
          };
        }
        if (res.status >= 500 || res.status === 429) return undefined;
        throw await unexpected('bonus page', res);
      },
    );
    if (open.bonus?.status !== 'active') return;
    const canceled = await untilDefinite(
      bonusCall(`/${open.bonus.id}/cancel`, {}),
      outcome('bonus cancel'),
    );
    if (canceled === 'ok') ctx.report.postings.bonusCanceled += 1;
  };

  return { untilDefinite, unexpected, playRound, cardDeposit, withdrawal, adjustment, bonusAction };
}
