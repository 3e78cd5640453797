import type { FairLedger } from './fair/ledger';
import type { Reconciler } from './shared/reconciler';
import type { RetryPolicy } from './shared/retry';
import type { SessionSharing } from './shared/session-owners';
import type { Rng } from './shared/rng';

/** What every studio plugin shares: randomness, the retry rules and the background retrier. */
export interface StudioContext {
  rng: Rng;
  /** Provably fair seeds of every player of every studio (outcomes derive from them). */
  fair: FairLedger;
  retry: RetryPolicy;
  reconciler: Reconciler;
  /** Play money of a new demo session, in thousandths. */
  demoBalance: number;
  /** How long an idle game session lives. */
  sessionTtlMs: number;
  log: (message: string) => void;
  /** Several instances: where each session is held (absent: this process alone). */
  sharing?: SessionSharing | undefined;
}
