import { describe, expect, it } from 'vitest';
import { BetAlreadySettled } from '../../src/features/wallet/wallet-errors';
import { checkLedger, formatLedgerReport } from '../../src/features/wallet/ledger-check';
import { createFundedUser, txId } from '../helpers/wallets';
import { ledgerUnderTest, provider } from './ledger-under-test';

const { t, entryCount, balance } = ledgerUnderTest();

describe('a refund after its round was settled by a win', () => {
  it('is refused when a win names the bet, moving nothing, and stays refused', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    await t.ledger.postBet({ userId, amount: 1_000n, currency: 'USD', provider, txId: betTx });
    const win = await t.ledger.postWin({
      userId,
      amount: 2_500n,
      currency: 'USD',
      provider,
      txId: txId('win'),
      betTxId: betTx,
    });
    const rows = await entryCount(userId);
    const refusal = t.ledger.postRefund({ userId, provider, betTxId: betTx, amount: 1_000n });
    await expect(refusal).rejects.toBeInstanceOf(BetAlreadySettled);
    await expect(refusal).rejects.toMatchObject({
      code: 'BET_ALREADY_SETTLED',
      betTxId: betTx,
      winTransactionId: win.transactionId,
    });
    // The provider's retry is refused the same way; nothing was written either time.
    await expect(t.ledger.postRefund({ userId, provider, betTxId: betTx })).rejects.toBeInstanceOf(
      BetAlreadySettled,
    );
    expect(await balance(userId)).toBe(11_500n);
    expect(await entryCount(userId)).toBe(rows);
  });

  it('is refused when a win of the bet’s round (a zero win too) came after it', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    await t.ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: betTx,
      roundId: '5103188560',
    });
    await t.ledger.postWin({
      userId,
      amount: 0n,
      currency: 'USD',
      provider: 'pragmatic',
      operation: 'result',
      txId: txId('result'),
      roundId: '5103188560',
    });
    await expect(
      t.ledger.postRefund({ userId, provider: 'pragmatic', betTxId: betTx }),
    ).rejects.toMatchObject({ code: 'BET_ALREADY_SETTLED' });
    expect(await balance(userId)).toBe(9_000n);
  });

  it('is not confused by wins of other rounds, other players or other providers', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const other = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    await t.ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider,
      txId: betTx,
      roundId: 'r-77',
    });
    const common = { amount: 500n, currency: 'USD' };
    await t.ledger.postWin({ ...common, txId: txId('win'), userId, provider, roundId: 'r-78' });
    await t.ledger.postWin({
      ...common,
      txId: txId('win'),
      userId: other,
      provider,
      roundId: 'r-77',
      betTxId: betTx,
    });
    await t.ledger.postWin({
      ...common,
      txId: txId('win'),
      userId,
      provider: 'gbgames',
      roundId: 'r-77',
    });
    // A win of the same round that names another bet settles that bet only.
    await t.ledger.postWin({
      ...common,
      txId: txId('win'),
      userId,
      provider,
      roundId: 'r-77',
      betTxId: txId('other-bet'),
    });
    const refund = await t.ledger.postRefund({ userId, provider, betTxId: betTx });
    expect(refund).toMatchObject({ outcome: 'applied', status: 'applied' });
    expect(await balance(userId)).toBe(11_500n);
  });

  it('applied before the win stays applied; the win still lands after it', async () => {
    const userId = await createFundedUser(t.db, t.ledger, 10_000n);
    const betTx = txId('bet');
    await t.ledger.postBet({ userId, amount: 1_000n, currency: 'USD', provider, txId: betTx });
    const refund = await t.ledger.postRefund({ userId, provider, betTxId: betTx });
    await t.ledger.postWin({
      userId,
      amount: 0n,
      currency: 'USD',
      provider,
      txId: txId('win'),
      betTxId: betTx,
    });
    // A repeat of the refund is its replay, not a refusal: the first answer again.
    const again = await t.ledger.postRefund({ userId, provider, betTxId: betTx });
    expect(again).toMatchObject({ outcome: 'replayed', transactionId: refund.transactionId });
    expect(await balance(userId)).toBe(10_000n);
    const report = await checkLedger(t.db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
  });
});
