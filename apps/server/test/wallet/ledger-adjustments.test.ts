import { describe, expect, it } from 'vitest';
import {
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
} from '../../src/features/wallet/wallet-errors';
import { createFundedUser, createWalletUser, txId } from '../helpers/wallets';
import { ledgerUnderTest, provider } from './ledger-under-test';

const { t, entryCount, balance } = ledgerUnderTest();

describe('an adjustment', () => {
  it('credits and debits with a reason, is idempotent on its key, never goes below zero', async () => {
    const userId = await createWalletUser(t.db);
    const key = txId('adj');
    const credit = {
      userId,
      amount: 5_000n,
      reason: 'goodwill',
      idempotencyKey: key,
      actor: 'ops',
    };
    const applied = await t.ledger.postAdjustment(credit);
    expect(applied.entry).toMatchObject({
      kind: 'adjustment',
      provider: 'operator',
      operation: 'adjustment',
      providerTxId: key,
      reason: 'goodwill',
      actor: 'ops',
    });
    expect((await t.ledger.postAdjustment(credit)).outcome).toBe('replayed');
    await expect(t.ledger.postAdjustment({ ...credit, reason: 'other' })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    await expect(
      t.ledger.postAdjustment({ ...credit, amount: -5_001n, idempotencyKey: txId('adj') }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    const debit = await t.ledger.postAdjustment({
      ...credit,
      amount: -5_000n,
      idempotencyKey: txId('adj'),
    });
    expect(debit.balanceAfter).toBe(0n);
    await expect(t.ledger.postAdjustment({ ...credit, amount: 0n })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    await expect(
      t.ledger.postAdjustment({ ...credit, reason: '  ', idempotencyKey: txId('adj') }),
    ).rejects.toBeInstanceOf(InvalidPosting);
  });
});

describe('a provider adjustment', () => {
  it('credits or debits the signed amount once per key, kind adjustment, never below zero', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const input = {
      userId,
      currency: 'USD',
      provider: 'pragmatic',
      reason: 'Pragmatic live-casino re-settlement',
      gameId: 'lvxbaccarat',
      roundId: '5000000001',
    };
    const creditKey = txId();
    const credit = await t.ledger.postProviderAdjustment({
      ...input,
      amount: 2_500n,
      txId: creditKey,
    });
    expect(credit).toMatchObject({ outcome: 'applied', balance: 12_500n });
    expect(credit.entry).toMatchObject({
      kind: 'adjustment',
      amount: 2_500n,
      provider: 'pragmatic',
      operation: 'adjustment',
      providerTxId: creditKey,
      reason: 'Pragmatic live-casino re-settlement',
      actor: null,
    });
    const debit = await t.ledger.postProviderAdjustment({
      ...input,
      amount: -1_000n,
      txId: txId(),
    });
    expect(debit).toMatchObject({ outcome: 'applied', balance: 11_500n });
    expect(
      await t.ledger.postProviderAdjustment({ ...input, amount: 2_500n, txId: creditKey }),
    ).toMatchObject({ outcome: 'replayed', transactionId: credit.transactionId, balance: 11_500n });
    await expect(
      t.ledger.postProviderAdjustment({ ...input, amount: 2_000n, txId: creditKey }),
    ).rejects.toBeInstanceOf(IdempotencyConflict);
    await expect(
      t.ledger.postProviderAdjustment({ ...input, amount: -11_501n, txId: txId() }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    // A re-settlement of 0 is a record; the operator's own adjustments stay apart.
    expect(
      await t.ledger.postProviderAdjustment({ ...input, amount: 0n, txId: txId() }),
    ).toMatchObject({ outcome: 'applied', balance: 11_500n });
    await expect(
      t.ledger.postProviderAdjustment({ ...input, provider: 'operator', amount: 1n, txId: txId() }),
    ).rejects.toBeInstanceOf(InvalidPosting);
    expect(await balance(userId)).toBe(11_500n);
    expect(await entryCount(userId)).toBe(4);
  });
});

describe('balance change events', () => {
  it('fire after a posting that moved money, never for a replay, a zero or a refusal', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 1_000n);
    const seen: [string, bigint][] = [];
    const stop = t.ledger.events.onBalanceChanged((e) => seen.push([e.userId, e.balance]));
    t.ledger.events.onBalanceChanged(() => {
      throw new Error('a broken listener does not fail the posting');
    });
    const bet = { userId, amount: 400n, currency: 'USD', provider, txId: txId() };
    await t.ledger.postBet(bet);
    await t.ledger.postBet(bet);
    await t.ledger.postWin({ userId, amount: 0n, currency: 'USD', provider, txId: txId() });
    await t.ledger.postBet({ ...bet, txId: txId(), amount: 5_000n }).catch(() => {});
    stop();
    await t.ledger.postWin({ userId, amount: 1n, currency: 'USD', provider, txId: txId() });
    expect(seen).toEqual([[userId, 600n]]);
  });
});
