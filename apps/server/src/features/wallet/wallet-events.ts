import { EventEmitter } from 'node:events';
import type { BalancePublisher } from './balance-publisher';
import type { LedgerEntry } from './ledger-types';

export interface BalanceChanged {
  userId: string;
  /** Thousandths, right after the posting. */
  balance: bigint;
  currency: string;
  entry: LedgerEntry;
  /**
   * A bet of this process after which responsible gaming should look at the player's limits
   * (ledger_apply's `rg_watch`: a loss or wager limit at 80 % or more, or a deposit limit).
   * Absent for every other posting and for other processes' postings (the process that
   * posted the bet looks).
   */
  rgWatch?: boolean;
}

/** Ledger rows already announced, remembered this long (the same row comes twice at most). */
const rememberedIds = 10_000;

/**
 * Notice of committed balance changes, for the live header balance (SSE). Emitted only after
 * the posting's statement committed and only when money moved, never for a replay: at once
 * for this process's postings, which are also published to the other processes (other
 * instances, wallet:adjust) through PostgreSQL NOTIFY (balance-publisher.ts); and for theirs
 * when their notice arrives (balance-notifications.ts). A row announced both ways is emitted
 * once: whichever comes first.
 */
export class WalletEvents {
  private readonly emitter = new EventEmitter();
  private readonly emitted = new Set<string>();

  constructor(
    private readonly onListenerError: (error: unknown) => void,
    /** Where this process's postings are announced to the others; none: kept in-process. */
    private readonly publisher?: BalancePublisher,
  ) {
    // One listener per open SSE stream: many is normal, not a leak.
    this.emitter.setMaxListeners(0);
  }

  onBalanceChanged(listener: (event: BalanceChanged) => void): () => void {
    this.emitter.on('balanceChanged', listener);
    return () => this.emitter.off('balanceChanged', listener);
  }

  /**
   * Called by the ledger after a posting of this process committed. A throwing listener must
   * not turn a committed posting into a failed call (the provider would retry a movement that
   * happened), so it is only reported.
   */
  emitBalanceChanged(event: BalanceChanged): void {
    if (this.emitted.has(event.entry.id)) return;
    this.publisher?.publish({ id: event.entry.id, user_id: event.userId });
    this.emitRelayed(event);
  }

  /**
   * A posting of this process that committed: announced when it moved money (a replay, a
   * refusal and a 0 move nothing, so nobody hears of them). Call it only after the commit,
   * so a listener never sees a rolled-back move.
   */
  announceCommitted(entry: LedgerEntry, rgWatch?: boolean): void {
    if (entry.amount === 0n && entry.bonusAmount === 0n) return;
    this.emitBalanceChanged({
      userId: entry.userId,
      balance: entry.balanceAfter,
      currency: entry.currency,
      entry,
      ...(rgWatch === undefined ? {} : { rgWatch }),
    });
  }

  /** Another process's posting, heard through its notice: emitted here, not published again. */
  emitRelayed(event: BalanceChanged): void {
    if (this.emitted.has(event.entry.id)) return;
    this.emitted.add(event.entry.id);
    // A Set iterates in insertion order: the first one is the oldest.
    if (this.emitted.size > rememberedIds) {
      const oldest = this.emitted.values().next().value;
      if (oldest !== undefined) this.emitted.delete(oldest);
    }
    for (const listener of this.emitter.listeners('balanceChanged')) {
      try {
        (listener as (event: BalanceChanged) => void)(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** Whether the row was announced already (a NOTIFY of our own posting, typically). */
  announced(entryId: string): boolean {
    return this.emitted.has(entryId);
  }

  /** Resolves when this process's notices so far have been sent (a command before it exits). */
  async flush(): Promise<void> {
    await this.publisher?.flush();
  }

  /** Whether anybody listens (no stream open: a NOTIFY needs no reading). */
  hasListeners(): boolean {
    return this.emitter.listenerCount('balanceChanged') > 0;
  }
}
