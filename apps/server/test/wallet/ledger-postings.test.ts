import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { createLedger, type Ledger } from '../../src/features/wallet/ledger';
import {
  BetAlreadyRefunded,
  BetAlreadySettled,
  BetCancelled,
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
  RefundMismatch,
  UnknownPlayer,
} from '../../src/features/wallet/wallet-errors';
import { checkLedger, formatLedgerReport } from '../../src/features/wallet/ledger-check';
import { systemClock } from '../../src/lib/clock';
import { createTestDb } from '../helpers/test-database';
import { createFundedUser, createWalletUser, txId } from '../helpers/wallets';

let db: DatabaseConnection;
let destroy: () => Promise<void>;
let ledger: Ledger;

beforeAll(async () => {
  ({ db, destroy } = await createTestDb());
  ledger = createLedger({ db, clock: systemClock });
});
afterAll(async () => {
  await destroy();
});

const provider = 'endorphina';

async function entryCount(userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(
    sql`select count(*) as n from ledger_entries where user_id = ${userId}::uuid`,
  );
  return Number(rows[0]?.n);
}

async function balance(userId: string): Promise<bigint> {
  return (await ledger.getBalance(userId)).balance;
}

describe('a bet', () => {
  it('debits the wallet and writes one row with the chain', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const tx = txId();
    const result = await ledger.postBet({
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
    const userId = await createFundedUser(db, ledger, 10_000n);
    const bet = { userId, amount: 3_000n, currency: 'USD', provider, txId: txId(), roundId: 'r' };
    const first = await ledger.postBet(bet);
    // Another movement in between: the replay still reports the FIRST balance after.
    await ledger.postWin({ userId, amount: 500n, currency: 'USD', provider, txId: txId() });
    const again = await ledger.postBet({ ...bet, meta: { retry: 1 } });
    expect(again.outcome).toBe('replayed');
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.balanceAfter).toBe(7_000n);
    expect(again.balance).toBe(7_500n);
    expect(again.entry).toEqual(first.entry);
    expect(await balance(userId)).toBe(7_500n);
    expect(await entryCount(userId)).toBe(3);
  });

  it('with the same id and different content is refused, naming the fields', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const other = await createFundedUser(db, ledger, 10_000n);
    const bet = { userId, amount: 1_000n, currency: 'USD', provider, txId: txId(), roundId: 'a' };
    const first = await ledger.postBet(bet);
    const conflict = await ledger.postBet({ ...bet, amount: 2_000n }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(IdempotencyConflict);
    expect((conflict as IdempotencyConflict).fields).toEqual(['amount']);
    expect((conflict as IdempotencyConflict).first.transactionId).toBe(first.transactionId);
    await expect(ledger.postBet({ ...bet, roundId: 'b' })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
      fields: ['roundId'],
    });
    await expect(ledger.postBet({ ...bet, userId: other })).rejects.toMatchObject({
      fields: ['userId'],
    });
    expect(await balance(userId)).toBe(9_000n);
    expect(await balance(other)).toBe(10_000n);
  });

  it('the same id at another provider is another transaction', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const tx = txId();
    await ledger.postBet({ userId, amount: 100n, currency: 'USD', provider, txId: tx });
    const second = await ledger.postBet({
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
    const userId = await createFundedUser(db, ledger, 1_000n);
    const before = await entryCount(userId);
    const error = await ledger
      .postBet({ userId, amount: 1_001n, currency: 'USD', provider, txId: txId() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientFunds);
    expect(error).toMatchObject({ balance: 1_000n, requested: 1_001n });
    expect(await balance(userId)).toBe(1_000n);
    expect(await entryCount(userId)).toBe(before);
    // Exactly the balance is fine.
    const all = await ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider,
      txId: txId(),
    });
    expect(all.balanceAfter).toBe(0n);
  });

  it('of zero is a real, idempotent movement', async () => {
    const userId = await createFundedUser(db, ledger, 0n);
    const bet = { userId, amount: 0n, currency: 'USD', provider, txId: txId() };
    expect((await ledger.postBet(bet)).outcome).toBe('applied');
    expect((await ledger.postBet(bet)).outcome).toBe('replayed');
  });

  it('is refused for an unknown player, another currency or a malformed input', async () => {
    const userId = await createFundedUser(db, ledger, 5_000n);
    const bet = { userId, amount: 1n, currency: 'USD', provider, txId: txId() };
    await expect(
      ledger.postBet({ ...bet, userId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toBeInstanceOf(UnknownPlayer);
    await expect(ledger.postBet({ ...bet, userId: 'not-a-uuid' })).rejects.toBeInstanceOf(
      UnknownPlayer,
    );
    await expect(ledger.postBet({ ...bet, currency: 'EUR' })).rejects.toBeInstanceOf(
      CurrencyMismatch,
    );
    await expect(ledger.postBet({ ...bet, amount: -1n })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(ledger.postBet({ ...bet, txId: '' })).rejects.toBeInstanceOf(InvalidPosting);
    await expect(ledger.postBet({ ...bet, txId: 'x'.repeat(201) })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    await expect(ledger.postBet({ ...bet, provider: 'operator' })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    await expect(ledger.postBet({ ...bet, amount: 10n ** 13n })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    expect(await balance(userId)).toBe(5_000n);
  });
});

describe('the replay of a bet, without posting', () => {
  it('is the first answer for an applied bet, undefined for a free key, a conflict otherwise', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const bet = { userId, amount: 1_000n, currency: 'USD', provider, txId: txId(), roundId: 'r' };
    expect(await ledger.replayOfBet(bet)).toBeUndefined();
    expect(await entryCount(userId)).toBe(1);
    expect(await balance(userId)).toBe(10_000n);
    const first = await ledger.postBet(bet);
    await ledger.postWin({ ...bet, txId: txId('win'), amount: 500n });
    const replay = await ledger.replayOfBet({ ...bet, meta: { retried: true } });
    expect(replay).toMatchObject({
      outcome: 'replayed',
      transactionId: first.transactionId,
      balanceAfter: 9_000n,
      balance: 9_500n,
    });
    await expect(ledger.replayOfBet({ ...bet, amount: 999n })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    expect(await entryCount(userId)).toBe(3);
    expect(await balance(userId)).toBe(9_500n);
  });
});

describe('a win', () => {
  it('credits, replays, and is never refused for lack of a session or funds', async () => {
    const userId = await createWalletUser(db);
    const win = { userId, amount: 2_500n, currency: 'USD', provider, txId: txId(), betTxId: 'b' };
    expect((await ledger.postWin(win)).balanceAfter).toBe(2_500n);
    expect((await ledger.postWin(win)).outcome).toBe('replayed');
    await expect(ledger.postWin({ ...win, betTxId: 'c' })).rejects.toMatchObject({
      fields: ['betTxId'],
    });
    expect(await balance(userId)).toBe(2_500n);
  });

  it('of zero is recorded without a balance change', async () => {
    const userId = await createWalletUser(db);
    const result = await ledger.postWin({
      userId,
      amount: 0n,
      currency: 'USD',
      provider,
      txId: txId(),
    });
    expect(result).toMatchObject({ outcome: 'applied', balanceAfter: 0n });
  });

  it('keeps operations apart: a bonus win may reuse a bet id', async () => {
    const userId = await createFundedUser(db, ledger, 1_000n);
    const tx = txId();
    await ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: tx,
    });
    const bonus = await ledger.postWin({
      userId,
      amount: 700n,
      currency: 'USD',
      provider: 'pragmatic',
      operation: 'bonusWin',
      txId: tx,
    });
    expect(bonus.entry.operation).toBe('bonusWin');
    await expect(
      ledger.postWin({
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
    const userId = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    const bet = await ledger.postBet({
      userId,
      amount: 4_000n,
      currency: 'USD',
      provider,
      txId: betTx,
    });
    const refund = await ledger.postRefund({ userId, provider, betTxId: betTx, amount: 4_000n });
    expect(refund).toMatchObject({ outcome: 'applied', status: 'applied', balanceAfter: 10_000n });
    expect(refund.entry).toMatchObject({
      kind: 'refund',
      amount: 4_000n,
      betTxId: betTx,
      reversesEntryId: bet.transactionId,
    });
    const again = await ledger.postRefund({ userId, provider, betTxId: betTx, amount: 4_000n });
    expect(again).toMatchObject({ outcome: 'replayed', transactionId: refund.transactionId });
    expect(await balance(userId)).toBe(10_000n);
  });

  it('twice under different refund ids credits once and says so', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    await ledger.postBet({
      userId,
      amount: 1_500n,
      currency: 'USD',
      provider: 'gbgames',
      txId: betTx,
    });
    const first = await ledger.postRefund({
      userId,
      provider: 'gbgames',
      betTxId: betTx,
      txId: txId('refund'),
    });
    const second = await ledger
      .postRefund({ userId, provider: 'gbgames', betTxId: betTx, txId: txId('refund') })
      .catch((e: unknown) => e);
    expect(second).toBeInstanceOf(BetAlreadyRefunded);
    expect((second as BetAlreadyRefunded).first.transactionId).toBe(first.transactionId);
    expect(await balance(userId)).toBe(10_000n);
  });

  it('of an unknown bet moves nothing, succeeds, and the late bet is refused', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    const tombstone = await ledger.postRefund({ userId, provider, betTxId: betTx, amount: 2_000n });
    expect(tombstone).toMatchObject({
      outcome: 'applied',
      status: 'tombstone',
      balanceAfter: 10_000n,
      balance: 10_000n,
    });
    expect(tombstone.entry.amount).toBe(0n);
    expect(
      (await ledger.postRefund({ userId, provider, betTxId: betTx, amount: 2_000n })).outcome,
    ).toBe('replayed');
    const late = await ledger
      .postBet({ userId, amount: 2_000n, currency: 'USD', provider, txId: betTx })
      .catch((e: unknown) => e);
    expect(late).toBeInstanceOf(BetCancelled);
    expect((late as BetCancelled).refund.transactionId).toBe(tombstone.transactionId);
    expect(await balance(userId)).toBe(10_000n);
    // The tombstone is the provider's, not the player's: another provider's bet id is free.
    const elsewhere = await ledger.postBet({
      userId,
      amount: 2_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: betTx,
    });
    expect(elsewhere.outcome).toBe('applied');
  });

  it('that does not match its bet is refused (no partial refunds)', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const stranger = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    await ledger.postBet({ userId, amount: 3_000n, currency: 'USD', provider, txId: betTx });
    await expect(
      ledger.postRefund({ userId, provider, betTxId: betTx, amount: 1_000n }),
    ).rejects.toMatchObject({ code: 'REFUND_MISMATCH', fields: ['amount'] });
    await expect(
      ledger.postRefund({ userId: stranger, provider, betTxId: betTx }),
    ).rejects.toBeInstanceOf(RefundMismatch);
    expect(await balance(userId)).toBe(7_000n);
    expect(await balance(stranger)).toBe(10_000n);
  });

  it('with a reused refund id for another bet is a conflict', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const [a, b, refundTx] = [txId('bet'), txId('bet'), txId('refund')];
    await ledger.postBet({ userId, amount: 100n, currency: 'USD', provider, txId: a });
    await ledger.postBet({ userId, amount: 200n, currency: 'USD', provider, txId: b });
    await ledger.postRefund({ userId, provider, betTxId: a, txId: refundTx });
    await expect(
      ledger.postRefund({ userId, provider, betTxId: b, txId: refundTx }),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', fields: ['betTxId'] });
    expect(await balance(userId)).toBe(9_800n);
  });
});

describe('a refund after its round was settled by a win', () => {
  it('is refused when a win names the bet, moving nothing, and stays refused', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    await ledger.postBet({ userId, amount: 1_000n, currency: 'USD', provider, txId: betTx });
    const win = await ledger.postWin({
      userId,
      amount: 2_500n,
      currency: 'USD',
      provider,
      txId: txId('win'),
      betTxId: betTx,
    });
    const rows = await entryCount(userId);
    const refusal = ledger.postRefund({ userId, provider, betTxId: betTx, amount: 1_000n });
    await expect(refusal).rejects.toBeInstanceOf(BetAlreadySettled);
    await expect(refusal).rejects.toMatchObject({
      code: 'BET_ALREADY_SETTLED',
      betTxId: betTx,
      winTransactionId: win.transactionId,
    });
    // The provider's retry is refused the same way; nothing was written either time.
    await expect(ledger.postRefund({ userId, provider, betTxId: betTx })).rejects.toBeInstanceOf(
      BetAlreadySettled,
    );
    expect(await balance(userId)).toBe(11_500n);
    expect(await entryCount(userId)).toBe(rows);
  });

  it('is refused when a win of the bet’s round (a zero win too) came after it', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    await ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider: 'pragmatic',
      txId: betTx,
      roundId: '5103188560',
    });
    await ledger.postWin({
      userId,
      amount: 0n,
      currency: 'USD',
      provider: 'pragmatic',
      operation: 'result',
      txId: txId('result'),
      roundId: '5103188560',
    });
    await expect(
      ledger.postRefund({ userId, provider: 'pragmatic', betTxId: betTx }),
    ).rejects.toMatchObject({ code: 'BET_ALREADY_SETTLED' });
    expect(await balance(userId)).toBe(9_000n);
  });

  it('is not confused by wins of other rounds, other players or other providers', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const other = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    await ledger.postBet({
      userId,
      amount: 1_000n,
      currency: 'USD',
      provider,
      txId: betTx,
      roundId: 'r-77',
    });
    const common = { amount: 500n, currency: 'USD' };
    await ledger.postWin({ ...common, txId: txId('win'), userId, provider, roundId: 'r-78' });
    await ledger.postWin({
      ...common,
      txId: txId('win'),
      userId: other,
      provider,
      roundId: 'r-77',
      betTxId: betTx,
    });
    await ledger.postWin({
      ...common,
      txId: txId('win'),
      userId,
      provider: 'gbgames',
      roundId: 'r-77',
    });
    // A win of the same round that names another bet settles that bet only.
    await ledger.postWin({
      ...common,
      txId: txId('win'),
      userId,
      provider,
      roundId: 'r-77',
      betTxId: txId('other-bet'),
    });
    const refund = await ledger.postRefund({ userId, provider, betTxId: betTx });
    expect(refund).toMatchObject({ outcome: 'applied', status: 'applied' });
    expect(await balance(userId)).toBe(11_500n);
  });

  it('applied before the win stays applied; the win still lands after it', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const betTx = txId('bet');
    await ledger.postBet({ userId, amount: 1_000n, currency: 'USD', provider, txId: betTx });
    const refund = await ledger.postRefund({ userId, provider, betTxId: betTx });
    await ledger.postWin({
      userId,
      amount: 0n,
      currency: 'USD',
      provider,
      txId: txId('win'),
      betTxId: betTx,
    });
    // A repeat of the refund is its replay, not a refusal: the first answer again.
    const again = await ledger.postRefund({ userId, provider, betTxId: betTx });
    expect(again).toMatchObject({ outcome: 'replayed', transactionId: refund.transactionId });
    expect(await balance(userId)).toBe(10_000n);
    const report = await checkLedger(db);
    expect(report.ok, formatLedgerReport(report)).toBe(true);
  });
});

describe('an adjustment', () => {
  it('credits and debits with a reason, is idempotent on its key, never goes below zero', async () => {
    const userId = await createWalletUser(db);
    const key = txId('adj');
    const credit = {
      userId,
      amount: 5_000n,
      reason: 'goodwill',
      idempotencyKey: key,
      actor: 'ops',
    };
    const applied = await ledger.postAdjustment(credit);
    expect(applied.entry).toMatchObject({
      kind: 'adjustment',
      provider: 'operator',
      operation: 'adjustment',
      providerTxId: key,
      reason: 'goodwill',
      actor: 'ops',
    });
    expect((await ledger.postAdjustment(credit)).outcome).toBe('replayed');
    await expect(ledger.postAdjustment({ ...credit, reason: 'other' })).rejects.toBeInstanceOf(
      IdempotencyConflict,
    );
    await expect(
      ledger.postAdjustment({ ...credit, amount: -5_001n, idempotencyKey: txId('adj') }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    const debit = await ledger.postAdjustment({
      ...credit,
      amount: -5_000n,
      idempotencyKey: txId('adj'),
    });
    expect(debit.balanceAfter).toBe(0n);
    await expect(ledger.postAdjustment({ ...credit, amount: 0n })).rejects.toBeInstanceOf(
      InvalidPosting,
    );
    await expect(
      ledger.postAdjustment({ ...credit, reason: '  ', idempotencyKey: txId('adj') }),
    ).rejects.toBeInstanceOf(InvalidPosting);
  });
});

describe('a provider adjustment', () => {
  it('credits or debits the signed amount once per key, kind adjustment, never below zero', async () => {
    const userId = await createFundedUser(db, ledger, 10_000n);
    const input = {
      userId,
      currency: 'USD',
      provider: 'pragmatic',
      reason: 'Pragmatic live-casino re-settlement',
      gameId: 'lvxbaccarat',
      roundId: '5000000001',
    };
    const creditKey = txId();
    const credit = await ledger.postProviderAdjustment({
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
    const debit = await ledger.postProviderAdjustment({ ...input, amount: -1_000n, txId: txId() });
    expect(debit).toMatchObject({ outcome: 'applied', balance: 11_500n });
    expect(
      await ledger.postProviderAdjustment({ ...input, amount: 2_500n, txId: creditKey }),
    ).toMatchObject({ outcome: 'replayed', transactionId: credit.transactionId, balance: 11_500n });
    await expect(
      ledger.postProviderAdjustment({ ...input, amount: 2_000n, txId: creditKey }),
    ).rejects.toBeInstanceOf(IdempotencyConflict);
    await expect(
      ledger.postProviderAdjustment({ ...input, amount: -11_501n, txId: txId() }),
    ).rejects.toBeInstanceOf(InsufficientFunds);
    // A re-settlement of 0 is a record; the operator's own adjustments stay apart.
    expect(
      await ledger.postProviderAdjustment({ ...input, amount: 0n, txId: txId() }),
    ).toMatchObject({ outcome: 'applied', balance: 11_500n });
    await expect(
      ledger.postProviderAdjustment({ ...input, provider: 'operator', amount: 1n, txId: txId() }),
    ).rejects.toBeInstanceOf(InvalidPosting);
    expect(await balance(userId)).toBe(11_500n);
    expect(await entryCount(userId)).toBe(4);
  });
});

describe('balance change events', () => {
  it('fire after a posting that moved money, never for a replay, a zero or a refusal', async () => {
    const userId = await createFundedUser(db, ledger, 1_000n);
    const seen: [string, bigint][] = [];
    const stop = ledger.events.onBalanceChanged((e) => seen.push([e.userId, e.balance]));
    ledger.events.onBalanceChanged(() => {
      throw new Error('a broken listener does not fail the posting');
    });
    const bet = { userId, amount: 400n, currency: 'USD', provider, txId: txId() };
    await ledger.postBet(bet);
    await ledger.postBet(bet);
    await ledger.postWin({ userId, amount: 0n, currency: 'USD', provider, txId: txId() });
    await ledger.postBet({ ...bet, txId: txId(), amount: 5_000n }).catch(() => {});
    stop();
    await ledger.postWin({ userId, amount: 1n, currency: 'USD', provider, txId: txId() });
    expect(seen).toEqual([[userId, 600n]]);
  });
});
