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
 * Notice of committed balance changes. Emitted only after the posting's statement committed
 * and only when money moved, never for a replay: at once for this process's postings, which
 * are also published to the other processes (other instances, wallet:adjust) through
 * PostgreSQL NOTIFY (balance-publisher.ts); and for theirs when their notice arrives
 * (balance-notifications.ts). A row announced both ways is emitted once: whichever comes first.
 *
 * Three kinds of listeners (decision 109):
 * - `onPosted`: work to do ONCE per posting in the whole cluster (a bonus to settle, a
 *   responsible-gaming check): this process's postings, and another process's only when that
 *   process had no such listener (a command such as wallet:adjust), as its notice says.
 * - `onPlayerBalanceChanged`: one player's postings from every process (a live balance stream).
 * - `onBalanceChanged`: every posting from every process.
 * So an instance reads another's posting only when one of its listeners wants it.
 */
export class WalletEvents {
  private readonly everything = new Set<Listener>();
  private readonly posted = new Set<Listener>();
  private readonly byPlayer = new Map<string, Set<Listener>>();
  private readonly emitted = new Set<string>();

  constructor(
    private readonly onListenerError: (error: unknown) => void,
    /** Where this process's postings are announced to the others; none: kept in-process. */
    private readonly publisher?: BalancePublisher,
  ) {}

  /** Every committed posting, this process's and the others'. */
  onBalanceChanged(listener: Listener): () => void {
    this.everything.add(listener);
    return () => this.everything.delete(listener);
  }

  /** Work to do once in the cluster per committed posting (see the class). */
  onPosted(listener: Listener): () => void {
    this.posted.add(listener);
    return () => this.posted.delete(listener);
  }

  /** One player's committed postings, this process's and the others' (one per open stream). */
  onPlayerBalanceChanged(userId: string, listener: Listener): () => void {
    let listeners = this.byPlayer.get(userId);
    if (listeners === undefined) {
      listeners = new Set();
      this.byPlayer.set(userId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.byPlayer.get(userId) === listeners) {
        this.byPlayer.delete(userId);
      }
    };
  }

  /**
   * Called by the ledger after a posting of this process committed. A throwing listener must
   * not turn a committed posting into a failed call (the provider would retry a movement that
   * happened), so it is only reported.
   */
  emitBalanceChanged(event: BalanceChanged): void {
    if (this.emitted.has(event.entry.id)) return;
    // `acted`: this process's `onPosted` listeners take care of it; the others need not.
    this.publisher?.publish({
      id: event.entry.id,
      user_id: event.userId,
      ...(this.posted.size > 0 ? { acted: true } : {}),
    });
    this.emit(event, true);
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

  /**
   * Another process's posting, heard through its notice: emitted here, not published again.
   * `acted`: the posting's process ran its own `onPosted` listeners, so these do not.
   */
  emitRelayed(event: BalanceChanged, acted = false): void {
    this.emit(event, !acted);
  }

  private emit(event: BalanceChanged, toPosted: boolean): void {
    if (this.emitted.has(event.entry.id)) return;
    this.emitted.add(event.entry.id);
    // A Set iterates in insertion order: the first one is the oldest.
    if (this.emitted.size > rememberedIds) {
      const oldest = this.emitted.values().next().value;
      if (oldest !== undefined) this.emitted.delete(oldest);
    }
    const listeners = [
      ...this.everything,
      ...(toPosted ? this.posted : []),
      ...(this.byPlayer.get(event.userId) ?? []),
    ];
    for (const listener of listeners) {
      try {
        listener(event);
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

  /**
   * Whether a listener here wants another process's posting of this player (`acted`: its
   * process ran its own `onPosted` listeners): if not, its row need not be read at all.
   */
  wantsRelayed(userId: string, acted: boolean): boolean {
    return (
      this.everything.size > 0 || (!acted && this.posted.size > 0) || this.byPlayer.has(userId)
    );
  }
}

type Listener = (event: BalanceChanged) => void;
