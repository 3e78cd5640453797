import { describe, expect, it } from 'vitest';
import {
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
  UnknownPlayer,
} from '../../src/features/wallet/wallet-errors';
import { createFundedUser, txId } from '../helpers/wallets';
import { ledgerUnderTest, provider } from './ledger-under-test';

const { t, entryCount, balance } = ledgerUnderTest();

describe('a bet', () => {
  it('debits the wallet and writes one row with the chain', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const tx = txId();
    const result = await t.ledger.postBet({
      userId,
      amount: 1_260n,
      currency: 'USD',
      provider,
      txId: tx,
      gameId: 'endorphina_Geisha@ENDORPHINA',
      roundId: 'r-1',
      meta: { date: 1_700_000_000 },
    });
    expect(result).toMatchObject({
      outcome: 'applied',
      status: 'applied',
      balanceAfter: 8_740n,
      balance: 8_740n,
      currency: 'USD',
    });
    expect(result.entry).toMatchObject({
      kind: 'bet',
      amount: -1_260n,
      balanceBefore: 10_000n,
      balanceAfter: 8_740n,
      provider,
      operation: 'bet',
      providerTxId: tx,
      betTxId: tx,
      gameId: 'endorphina_Geisha@ENDORPHINA',
      roundId: 'r-1',
      meta: { date: 1_700_000_000 },
    });
    expect(result.transactionId).toMatch(/^\d+$/);
    expect(await balance(userId)).toBe(8_740n);
  });

  it('replayed moves nothing and answers the first answer again', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const bet = { userId, amount: 3_000n, currency: 'USD', provider, txId: txId(), roundId: 'r' };
    const first = await t.ledger.postBet(bet);
    // Another movement in between: the replay still reports the FIRST balance after.
    await t.ledger.postWin({ userId, amount: 500n, currency: 'USD', provider, txId: txId() });
    const again = await t.ledger.postBet({ ...bet, meta: { retry: 1 } });
    expect(again.outcome).toBe('replayed');
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.balanceAfter).toBe(7_000n);
    expect(again.balance).toBe(7_500n);
    expect(again.entry).toEqual(first.entry);
    expect(await balance(userId)).toBe(7_500n);
    expect(await entryCount(userId)).toBe(3);
  });

  it('with the same id and different content is refused, naming the fields', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const other = await createFundedUser(t.db, t.ledger, 10_000n);
    const bet = { userId, amount: 1_000n, currency: 'USD', provider, txId: txId(), roundId: 'a' };
    const first = await t.ledger.postBet(bet);
    const conflict = await t.ledger.postBet({ ...bet, amount: 2_000n }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(IdempotencyConflict);
    expect((conflict as IdempotencyConflict).fields).toEqual(['amount']);
    expect((conflict as IdempotencyConflict).first.transactionId).toBe(first.transactionId);
    await expect(t.ledger.postBet({ ...bet, roundId: 'b' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      fields: ['roundId'],
    });
    await expect(t.ledger.postBet({ ...bet, userId: other })).rejects.toMatchObject({
      fields: ['userId'],
    });
    expect(await balance(userId)).toBe(9_000n);
    expect(await balance(other)).toBe(10_000n);
  });

  it('the same id at another provider is another transaction', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const tx = txId();
    await t.ledger.postBet({ userId, amount: 100n, currency: 'USD', provider, txId: tx });
    const second = await t.ledger.postBet({
      userId,
      amount: 100n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: tx,
    });
    expect(second.outcome).toBe('applied');
    expect(await balance(userId)).toBe(9_800n);
  });

  it('below zero is refused and writes nothing', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 1_000n);
    const before = await entryCount(userId);
    const error = await t.ledger
      .postBet({ userId, amount: 1_001n, currency: 'USD', provider, txId: txId() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect(error).toMatchObject({ balance: 1_000n, requested: 1_001n });
    expect(await balance(userId)).toBe(1_000n);
    expect(await entryCount(userId)).toBe(before);
    // Exactly the balance is fine.
    const all = await t.ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider,
      txId: txId(),
    });
    expect(all.balanceAfter).toBe(0n);
  });

  it('of zero is a real, idempotent movement', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 0n);
    const bet = { userId, amount: 0n, currency: 'USD', provider, txId: txId() };
    expect((await t.ledger.postBet(bet)).outcome).toBe('applied');
    expect((await t.ledger.postBet(bet)).outcome).toBe('replayed');
  });

  it('is refused for an unknown player, another currency or a malformed input', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 5_000n);
    const bet = { userId, amount: 1n, currency: 'USD', provider, txId: txId() };
    await expect(
      t.ledger.postBet({ ...bet, userId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toBeInstanceOf(UnknownPlayer);
    await expect(t.ledger.postBet({ ...bet, userId: 'not-a-uuid' })).rejects.toBeInstanceOf(
      UnknownPlayer,
    );
    await expect(t.ledger.postBet({ ...bet, currency: 'EUR' })).rejects.toBeInstanceOf(
      CurrencyMismatch,
    );
    await expect(t.ledger.postBet({ ...bet, amount: -1n })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(t.ledger.postBet({ ...bet, txId: '' })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(t.ledger.postBet({ ...bet, txId: 'x'.repeat(201) })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    await expect(t.ledger.postBet({ ...bet, provider: 'operator' })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    await expect(t.ledger.postBet({ ...bet, amount: 10n ** 13n })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    expect(await balance(userId)).toBe(5_000n);
  });
});

describe('the replay of a bet, without posting', () => {
  it('is the first answer for an applied bet, undefined for a free key, a conflict otherwise', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const bet = { userId, amount: 1_000n, currency: 'USD', provider, txId: txId(), roundId: 'r' };
    expect(await t.ledger.replayOfBet(bet)).toBeUndefined();
    expect(await entryCount(userId)).toBe(1);
    expect(await balance(userId)).toBe(10_000n);
    const first = await t.ledger.postBet(bet);
    await t.ledger.postWin({ ...bet, txId: txId('win'), amount: 500n });
    const replay = await t.ledger.replayOfBet({ ...bet, meta: { retried: true } });
    expect(replay).toMatchObject({
      outcome: 'replayed',
      transactionId: first.transactionId,
      balanceAfter: 9_000n,
      balance: 9_500n,
    });
    await expect(t.ledger.replayOfBet({ ...bet, amount: 999n })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    expect(await entryCount(userId)).toBe(3);
    expect(await balance(userId)).toBe(9_500n);
  });
});
