import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BetAlreadyRefunded,
  BetCancelled,
  InvalidPosting,
  RefundMismatch,
} from '../../src/features/wallet/wallet-errors';
import { createFundedUser, createWalletUser, txId } from '../helpers/wallets';
import { ledgerUnderTest, provider } from './ledger-under-test';

const { t, balance } = ledgerUnderTest();

describe('a win', () => {
  it('credits, replays, and is never refused for lack of a session or funds', async () => {
    const userId = await createWalletUser(t.db);
    const win = { userId, amount: 2_500n, currency: 'USD', provider, txId: txId(), betTxId: 'b' };
    expect((await t.ledger.postWin(win)).balanceAfter).toBe(2_500n);
    expect((await t.ledger.postWin(win)).outcome).toBe('replayed');
    await expect(t.ledger.postWin({ ...win, betTxId: 'c' })).rejects.toMatchObject({
      fields: ['betTxId'],
    });
    expect(await balance(userId)).toBe(2_500n);
  });

  it('of zero is recorded without a balance change', async () => {
    const userId = await createWalletUser(t.db);
    const result = await t.ledger.postWin({
      userId,
      amount: 0n,
      currency: 'USD',
      provider,
      txId: txId(),
    });
    expect(result).toMatchObject({ outcome: 'applied', balanceAfter: 0n });
  });

  it('of zero leaves the wallet row and the responsible-gaming sums untouched; one of cash moves both', async () => {
    // Migration 0034 (decision 110): a posting that moves nothing writes its ledger row only.
    const userId = await createWalletUser(t.db);
    const walletAndHours = async () => {
      const { rows } = await t.db.execute<{ updated_at: string; hours: string; loss: string }>(
        sql`select w.updated_at::text as updated_at,
              (select count(*) from rg_hourly h where h.user_id = w.user_id)::text as hours,
              (select coalesce(sum(h.cash_loss), 0) from rg_hourly h
                where h.user_id = w.user_id)::text as loss
            from wallets w where w.user_id = ${userId}::uuid`,
      );
      return rows[0]!;
    };
    const before = await walletAndHours();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const base = { userId, currency: 'USD', provider, roundId: 'r-0' };
    const zero = await t.ledger.postWin({ ...base, amount: 0n, txId: txId() });
    expect(zero.entry).toMatchObject({
      kind: 'win',
      amount: 0n,
      balanceBefore: 0n,
      balanceAfter: 0n,
    });
    expect(await walletAndHours()).toEqual(before);

    const cash = await t.ledger.postWin({ ...base, amount: 300n, txId: txId() });
    expect(cash.entry).toMatchObject({ balanceBefore: 0n, balanceAfter: 300n });
    const after = await walletAndHours();
    expect(after.updated_at).not.toBe(before.updated_at);
    expect(after).toMatchObject({ hours: '1', loss: '-300' });
    expect(await balance(userId)).toBe(300n);
  });

  it('keeps operations apart: a bonus win may reuse a bet id', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 1_000n);
    const tx = txId();
    await t.ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: tx,
    });
    const bonus = await t.ledger.postWin({
      userId,
      amount: 700n,
      currency: 'USD',
      provider: 'pragmatic',
      operation: 'bonusWin',
      txId: tx,
    });
    expect(bonus.entry.operation).toBe('bonusWin');
    await expect(
      t.ledger.postWin({
        userId,
        amount: 1n,
        currency: 'USD',
        provider,
        operation: 'bet',
        txId: txId(),
      }),
    ).rejects.toBeInstanceOf(InvalidPosting);
  });
});

describe('a refund', () => {
  it('of a known bet credits exactly its amount, once', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    const bet = await t.ledger.postBet({
      userId,
      amount: 4_000n,
      currency: 'USD',
      provider,
      txId: betTx,
    });
    const refund = await t.ledger.postRefund({ userId, provider, betTxId: betTx, amount: 4_000n });
    expect(refund).toMatchObject({ outcome: 'applied', status: 'applied', balanceAfter: 10_000n });
    expect(refund.entry).toMatchObject({
      kind: 'refund',
      amount: 4_000n,
      betTxId: betTx,
      reversesEntryId: bet.transactionId,
    });
    const again = await t.ledger.postRefund({ userId, provider, betTxId: betTx, amount: 4_000n });
    expect(again).toMatchObject({ outcome: 'replayed', transactionId: refund.transactionId });
    expect(await balance(userId)).toBe(10_000n);
  });

  it('twice under different refund ids credits once and says so', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    await t.ledger.postBet({
      userId,
      amount: 1_500n,
      currency: 'USD',
      provider: 'gbgames',
      txId: betTx,
    });
    const first = await t.ledger.postRefund({
      userId,
      provider: 'gbgames',
      betTxId: betTx,
      txId: txId('refund'),
    });
    const second = await t.ledger
      .postRefund({ userId, provider: 'gbgames', betTxId: betTx, txId: txId('refund') })
      .catch((e: unknown) => e);
    expect(second).toBeInstanceOf(BetAlreadyRefunded);
    expect((second as BetAlreadyRefunded).first.transactionId).toBe(first.transactionId);
    expect(await balance(userId)).toBe(10_000n);
  });

  it('of an unknown bet moves nothing, succeeds, and the late bet is refused', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    const tombstone = await t.ledger.postRefund({
      userId,
      provider,
      betTxId: betTx,
      amount: 2_000n,
    });
    expect(tombstone).toMatchObject({
      outcome: 'applied',
      status: 'tombstone',
      balanceAfter: 10_000n,
      balance: 10_000n,
    });
    expect(tombstone.entry.amount).toBe(0n);
    expect(
      (await t.ledger.postRefund({ userId, provider, betTxId: betTx, amount: 2_000n })).outcome,
    ).toBe('replayed');
    const late = await t.ledger
      .postBet({ userId, amount: 2_000n, currency: 'USD', provider, txId: betTx })
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(BetCancelled);
    expect((late as BetCancelled).refund.transactionId).toBe(tombstone.transactionId);
    expect(await balance(userId)).toBe(10_000n);
    // The tombstone is the provider's, not the player's: another provider's bet id is free.
    const elsewhere = await t.ledger.postBet({
      userId,
      amount: 2_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: betTx,
    });
    expect(elsewhere.outcome).toBe('applied');
  });

  it('that does not match its bet is refused (no partial refunds)', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const stranger = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    await t.ledger.postBet({ userId, amount: 3_000n, currency: 'USD', provider, txId: betTx });
    await expect(
      t.ledger.postRefund({ userId, provider, betTxId: betTx, amount: 1_000n }),
    ).rejects.toMatchObject({ code: 'REFUND_MISMATCH', fields: ['amount'] });
    await expect(
      t.ledger.postRefund({ userId: stranger, provider, betTxId: betTx }),
    ).rejects.toBeInstanceOf(RefundMismatch);
    expect(await balance(userId)).toBe(7_000n);
    expect(await balance(stranger)).toBe(10_000n);
  });

  it('with a reused refund id for another bet is a conflict', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const [a, b, refundTx] = [txId('bet'), txId('bet'), txId('refund')];
    await t.ledger.postBet({ userId, amount: 100n, currency: 'USD', provider, txId: a });
    await t.ledger.postBet({ userId, amount: 200n, currency: 'USD', provider, txId: b });
    await t.ledger.postRefund({ userId, provider, betTxId: a, txId: refundTx });
    await expect(
      t.ledger.postRefund({ userId, provider, betTxId: b, txId: refundTx }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', fields: ['betTxId'] });
    expect(await balance(userId)).toBe(9_800n);
  });
});
