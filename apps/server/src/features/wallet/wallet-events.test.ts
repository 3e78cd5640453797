import { describe, expect, it } from 'vitest';
import type { BalanceNotice, BalancePublisher } from './balance-publisher';
import type { LedgerEntry } from './ledger-types';
import { WalletEvents, type BalanceChanged } from './wallet-events';

// Who hears which posting (decision 109): work done once in the cluster (`onPosted`), one
// player's live stream (`onPlayerBalanceChanged`) and everything (`onBalanceChanged`).

const alice = '0190a1b2-c3d4-7e5f-8a9b-000000000001';
const bob = '0190a1b2-c3d4-7e5f-8a9b-000000000002';
let nextId = 1;

function event(userId: string): BalanceChanged {
  const entry: LedgerEntry = {
    id: String(nextId++),
    userId,
    kind: 'deposit',
    status: 'applied',
    amount: 1_000n,
    balanceBefore: 0n,
    balanceAfter: 1_000n,
    currency: 'USD',
    provider: 'operator',
    operation: 'deposit',
    providerTxId: `k${nextId}`,
    betTxId: null,
    gameId: null,
    roundId: null,
    reversesEntryId: null,
    reason: null,
    actor: null,
    meta: null,
    createdAt: new Date(),
    bonusAmount: 0n,
    bonusAfter: 0n,
    bonusId: null,
  };
  return { userId, balance: 1_000n, currency: 'USD', entry };
}

function recordingPublisher(): BalancePublisher & { sent: BalanceNotice[] } {
  const sent: BalanceNotice[] = [];
  return { sent, publish: (notice) => sent.push(notice), flush: async () => {} };
}

describe('wallet events: who hears a posting', () => {
  it('this process’s posting: every kind of listener hears it once, and the notice says it was acted on', () => {
    const publisher = recordingPublisher();
    const events = new WalletEvents(() => {}, publisher);
    const heard: string[] = [];
    events.onPosted(() => heard.push('posted'));
    events.onBalanceChanged(() => heard.push('all'));
    events.onPlayerBalanceChanged(alice, () => heard.push('alice'));
    events.onPlayerBalanceChanged(bob, () => heard.push('bob'));
    const posting = event(alice);
    events.emitBalanceChanged(posting);
    events.emitBalanceChanged(posting);
    expect(heard.sort()).toEqual(['alice', 'all', 'posted']);
    expect(publisher.sent).toEqual([{ id: posting.entry.id, user_id: alice, acted: true }]);
  });

  it('a process without work to do once (a command) publishes notices that ask the others to do it', () => {
    const publisher = recordingPublisher();
    const events = new WalletEvents(() => {}, publisher);
    events.onPlayerBalanceChanged(alice, () => {});
    const posting = event(alice);
    events.emitBalanceChanged(posting);
    expect(publisher.sent).toEqual([{ id: posting.entry.id, user_id: alice }]);
  });

  it('another process’s posting it acted on: streams hear it, the once-only work does not', () => {
    const events = new WalletEvents(() => {});
    const heard: string[] = [];
    events.onPosted(() => heard.push('posted'));
    events.onPlayerBalanceChanged(alice, () => heard.push('alice'));
    events.emitRelayed(event(alice), true);
    expect(heard).toEqual(['alice']);
    events.emitRelayed(event(alice), false);
    expect(heard.sort()).toEqual(['alice', 'alice', 'posted']);
  });

  it('wants another process’s row only when a listener here needs it', () => {
    const events = new WalletEvents(() => {});
    expect(events.wantsRelayed(alice, true)).toBe(false);
    expect(events.wantsRelayed(alice, false)).toBe(false);
    const stopPosted = events.onPosted(() => {});
    expect(events.wantsRelayed(alice, true)).toBe(false);
    expect(events.wantsRelayed(alice, false)).toBe(true);
    stopPosted();
    const stopStream = events.onPlayerBalanceChanged(alice, () => {});
    expect(events.wantsRelayed(alice, true)).toBe(true);
    expect(events.wantsRelayed(bob, true)).toBe(false);
    stopStream();
    expect(events.wantsRelayed(alice, true)).toBe(false);
    const stopAll = events.onBalanceChanged(() => {});
    expect(events.wantsRelayed(bob, true)).toBe(true);
    stopAll();
    expect(events.wantsRelayed(bob, true)).toBe(false);
  });

  it('reports a throwing listener and still tells the others', () => {
    const errors: unknown[] = [];
    const events = new WalletEvents((error) => errors.push(error));
    const heard: string[] = [];
    events.onPlayerBalanceChanged(alice, () => {
      throw new Error('listener broke');
    });
    events.onPlayerBalanceChanged(alice, () => heard.push('second'));
    events.emitBalanceChanged(event(alice));
    expect(heard).toEqual(['second']);
    expect(errors).toHaveLength(1);
  });
});
