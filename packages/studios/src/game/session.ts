import type { CatalogGame, StudioName } from '../catalog/types';
import type { Language } from '../shared/language';
import type { CallOutcome } from '../shared/retry';

/** Why the operator refused a call, in the few kinds the game page tells apart. */
export type RefusalKind = 'INSUFFICIENT_FUNDS' | 'SESSION_EXPIRED' | 'LIMIT_REACHED' | 'REJECTED';

/** Identifiers of one round, fixed before the first call so every retry repeats them. */
export interface RoundIds {
  roundId: string;
  betId: string;
  winId: string;
  refundId: string;
  /** When the round started (ms since the epoch); every call of the round carries this time. */
  startedAt: number;
}

export interface BetReceipt {
  /** Balance after the bet, in thousandths. */
  balance: number;
  /** The operator's id for the bet, where the protocol returns one. */
  operatorTransactionId: string;
}

/**
 * The player's wallet as one studio's protocol reaches it. Demo sessions use a local purse;
 * real sessions call the operator with the protocol's own signatures, retries included.
 */
export interface SessionWallet {
  balance(): Promise<CallOutcome<number>>;
  bet(round: RoundIds, amount: number): Promise<CallOutcome<BetReceipt>>;
  /** The round's win (possibly 0), which closes it. Returns the balance after it. */
  settle(
    round: RoundIds,
    bet: number,
    win: number,
    receipt: BetReceipt,
  ): Promise<CallOutcome<number>>;
  /** Cancels a bet that was never confirmed. */
  refund(round: RoundIds, amount: number): Promise<CallOutcome<number | undefined>>;
  /** The player left the game (Endorphina's endSession); best effort. */
  end?(): Promise<void>;
}

export interface PlaySession {
  id: string;
  studio: StudioName;
  game: CatalogGame;
  mode: 'demo' | 'real';
  currency: string;
  language: Language;
  exitUrl: string | undefined;
  /** Last balance the wallet reported, in thousandths (display only). */
  balance: number;
  wallet: SessionWallet;
  /** One spin at a time: a second click while the wallet is busy is refused. */
  busy: boolean;
  /** The operator's player id in real mode: provably fair seeds follow the player. */
  player?: string;
  /** A multi-step round still open (blackjack hand, crash flight, mines field). */
  round?: OpenGameRound;
}

/** Whose seeds a session plays on: the player across sessions, or the demo session alone. */
export const fairKey = (session: PlaySession): string =>
  session.player ? `${session.studio}:${session.player}` : `demo:${session.id}`;

/** The state a game keeps between the steps of one round. */
export interface OpenGameRound {
  type: string;
  /** The game's own state (its handler knows the shape). */
  state: unknown;
  /** Settles the round by the game's stated rule (interrupted play); idempotent. */
  settle(): Promise<void>;
  timer?: NodeJS.Timeout;
}

export type { CallOutcome };
