/** What a fault load (fault-load.ts) counted and found. */

export interface Recovery {
  fault: 'kill' | 'postgres';
  /** From the SIGKILL, or from PostgreSQL accepting again, to the first /api/health 200. */
  healthMs: number;
  /** The same, to the first successful provider callback (Endorphina `balance`). */
  callbackMs: number;
  /** PostgreSQL restarts: how long it was down (the restart itself). */
  downMs?: number;
}

export interface FaultLoadReport {
  /** Answered postings by kind (each logical call once). */
  postings: Record<PostingKind, number>;
  /** Calls sent again after their definite answer, answered the same way, moving nothing. */
  replays: number;
  /** Definite refusals (not enough money): nothing moved. */
  refusals: number;
  /**
   * Deposits not answered "succeeded" (the card the restarted card service no longer knew,
   * or an answer still "pending" after a kill), by the payment's status at the end: a
   * deposit whose payment later became "succeeded" (a webhook) must be credited once, the
   * others not at all.
   */
  depositsUnsettled: Record<string, number>;
  /** Attempts sent again because the previous one had no definite answer. */
  retries: number;
  kills: number;
  databaseRestarts: number;
  recoveries: Recovery[];
  /** Players whose balance differs from the answers (empty when right). */
  mismatches: string[];
  /**
   * Payments whose row disagrees with the ledger (empty when right): a deposit is
   * "succeeded" exactly when its credit was posted; a withdrawal was debited unless it is
   * still "requested" (never completed), and given back exactly when it is canceled,
   * rejected or failed.
   */
  paymentsOff: string[];
  negative: number;
}

export type PostingKind =
  | 'bet'
  | 'win'
  | 'refund'
  | 'deposit'
  | 'withdrawal'
  | 'withdrawalCanceled'
  | 'adjustment'
  | 'bonusClaimed'
  | 'bonusCanceled';
