import { EventEmitter } from 'node:events';
import type { LedgerEntry } from './ledger-types';

export interface BalanceChanged {
  userId: string;
  /** Thousandths, right after the posting. */
  balance: bigint;
  currency: string;
  entry: LedgerEntry;
}

/**
 * In-process notice of committed balance changes, for a live header balance (SSE) later.
 * Emitted only after the posting's statement committed and only when money moved, never
 * for a replay. Other processes (a second instance, the wallet:adjust command) do not reach
 * these listeners: a multi-instance push needs LISTEN/NOTIFY or Redis on top.
 */
export class WalletEvents {
  private readonly emitter = new EventEmitter();

  constructor(private readonly onListenerError: (error: unknown) => void) {
    // One listener per open SSE stream: many is normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  onBalanceChanged(listener: (event: BalanceChanged) => void): () => void {
    this.emitter.on('balanceChanged', listener);
    return () => this.emitter.off('balanceChanged', listener);
  }

  /**
   * Called by the ledger. A throwing listener must not turn a committed posting into a
   * failed call (the provider would retry a movement that happened), so it is only reported.
   */
  emitBalanceChanged(event: BalanceChanged): void {
    for (const listener of this.emitter.listeners('balanceChanged')) {
      try {
        (listener as (event: BalanceChanged) => void)(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
