import type { BetReceipt, RoundIds, SessionWallet } from '../game/session';
import type { Reconciler } from '../shared/reconciler';
import type { CallOutcome } from '../shared/retry';
import type { PragmaticWalletClient, PrizeDrop } from './wallet-client';

/**
 * How often a session's rounds carry the provider's extras, so that real-mode play sends
 * every shape an operator meets (docs/protocols/pragmatic.md, "Seamless Wallet"): the 15th,
 * 30th, … round's result carries a prize drop worth the stake; the 20th, 40th, … round is
 * reported as a one-spin free-rounds bonus (its result carries the bonusCode, then bonusWin
 * reports its total). Counted per game session, so short sessions play plain rounds.
 */
export const prizeDropEveryRounds = 15;
export const bonusEveryRounds = 20;

interface RoundExtras {
  bonusCode?: string;
  prizeDrop?: PrizeDrop;
}

/**
 * A real-money Pragmatic session. A round is bet → result (the win, 0 included) → endRound
 * (→ bonusWin after a bonus); the bet's and the result's `reference` are the round's own ids,
 * so a retry repeats them, extras included.
 */
export function pragmaticSessionWallet(
  client: PragmaticWalletClient,
  reconciler: Reconciler,
  player: { userId: string; token: string; symbol: string },
): SessionWallet {
  const { userId, token, symbol } = player;
  let rounds = 0;
  /** Decided when the round's bet is taken, kept until its result is confirmed. */
  const extras = new Map<string, RoundExtras>();

  let lastRound = '';
  /** The first bet of each round with extras, so a refused second stake keeps them. */
  const firstBet = new Map<string, string>();
  const decideExtras = (round: RoundIds, stake: number): void => {
    // A second stake of the same round (a double, a split, insurance) is not a new round.
    if (round.roundId === lastRound) return;
    lastRound = round.roundId;
    rounds += 1;
    const chosen: RoundExtras = {};
    if (rounds % prizeDropEveryRounds === 0) {
      chosen.prizeDrop = {
        amount: stake,
        reference: `pd${round.winId}`,
        campaignId: '3301',
        campaignType: 'R',
      };
    }
    if (rounds % bonusEveryRounds === 0) chosen.bonusCode = `frb${round.roundId}`;
    if (chosen.prizeDrop || chosen.bonusCode) {
      extras.set(round.roundId, chosen);
      firstBet.set(round.roundId, round.betId);
    }
  };

  const reportBonus = async (round: RoundIds, bonusCode: string, win: number): Promise<void> => {
    const call = {
      userId,
      amount: win,
      reference: `bw${round.winId}`,
      bonusCode,
      timestamp: round.startedAt,
    };
    const reported = await client.bonusWin(call);
    if (reported.kind === 'unconfirmed') {
      reconciler.add(
        `bonusWin ${round.roundId}`,
        async () => (await client.bonusWin(call)).kind !== 'unconfirmed',
      );
    }
  };

  return {
    balance: () => client.balance(userId, token),
    bet: async (round, amount) => {
      decideExtras(round, amount);
      const outcome = await client.bet({
        userId,
        gameId: symbol,
        roundId: round.roundId,
        amount,
        reference: round.betId,
        timestamp: round.startedAt,
      });
      if (outcome.kind === 'refused' && round.betId === firstBet.get(round.roundId)) {
        extras.delete(round.roundId);
      }
      return outcome.kind === 'ok'
        ? {
            ...outcome,
            value: {
              balance: outcome.value.balance,
              operatorTransactionId: outcome.value.transactionId,
            } satisfies BetReceipt,
          }
        : outcome;
    },
    settle: async (round, _bet, win) => {
      const extra = extras.get(round.roundId);
      const result = await client.result({
        userId,
        gameId: symbol,
        roundId: round.roundId,
        amount: win,
        reference: round.winId,
        timestamp: round.startedAt,
        ...extra,
      });
      if (result.kind !== 'ok') return result;
      extras.delete(round.roundId);
      firstBet.delete(round.roundId);
      const end = { userId, gameId: symbol, roundId: round.roundId };
      const ended = await client.endRound(end);
      if (ended.kind === 'unconfirmed') {
        reconciler.add(
          `endRound ${round.roundId}`,
          async () => (await client.endRound(end)).kind !== 'unconfirmed',
        );
      }
      if (extra?.bonusCode) await reportBonus(round, extra.bonusCode, win);
      const balance =
        ended.kind === 'ok' ? (ended.value.balance ?? result.value.balance) : result.value.balance;
      return { ...result, value: balance };
    },
    refund: async (round, amount): Promise<CallOutcome<number | undefined>> => {
      // Only the round's first bet voids the round; a refunded second stake leaves it open.
      if (round.betId === firstBet.get(round.roundId)) extras.delete(round.roundId);
      const outcome = await client.refund({
        userId,
        reference: round.betId,
        amount,
        gameId: symbol,
        roundId: round.roundId,
      });
      return outcome.kind === 'ok' ? { ...outcome, value: undefined } : outcome;
    },
  };
}
