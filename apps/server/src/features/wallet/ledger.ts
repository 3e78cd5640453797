import type { Database } from '../../db/database';
import { executePrepared } from '../../db/named-statement';
import { uniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import {
  betByReferenceQuery,
  entriesPageQuery,
  roundBetsQuery,
  walletQuery,
  walletSnapshotQuery,
} from './ledger-statements';
import { toLedgerEntry, type LedgerRow } from './ledger-rows';
import { bonusMovement, lockedWalletQuery, runBonusMovement } from './bonus-posting';
import type {
  OperatorMovementInput,
  PostingResult,
  SourcedWinInput,
  WalletBalance,
} from './ledger-types';
import { betApply, sourcedWinApply, sourcedWinValues, winApply } from './bet-win-apply';
import { answerOf, sourcedWinStatement, type SourcedWinRow } from './ledger-apply';
import { createGroupCommit, type GroupCommitOptions } from './group-commit';
import { movementPosting } from './movement-posting';
import { findReplay, runPosting, type Posting, type WalletRow } from './posting';
import {
  checkCurrency,
  checkEntryId,
  checkId,
  checkMagnitude,
  checkOptionalId,
  checkProvider,
  checkSignedAmount,
  checkText,
  checkUserId,
  checkWinOperation,
  maxReasonLength,
  metaJson,
  operatorProvider,
} from './posting-validation';
import { refundPosting } from './refund-posting';
import { reversalPosting } from './reversal-posting';
import { WalletEvents } from './wallet-events';
import { createBalancePublisher } from './balance-publisher';
import type { Ledger } from './ledger-contract';
import { InvalidPosting, UnknownPlayer } from './wallet-errors';

export type { BonusTransaction, EntryList, EntryPage, Ledger } from './ledger-contract';

export interface LedgerDeps {
  db: Database;
  clock: Clock;
  /** Where a failing balance-change listener is reported. */
  onListenerError?: (error: unknown) => void;
  /** The group commit's slots (tests and benchmarks; the defaults serve production). */
  groupCommit?: GroupCommitOptions;
}

/** A wallet row as the ledger reports it (thousandths as bigints). */
function walletBalanceOf(row: WalletRow): WalletBalance {
  return {
    balance: BigInt(row.balance),
    currency: row.currency,
    bonus: BigInt(row.bonus_balance),
    bonusId: row.bonus_id === null ? null : String(row.bonus_id),
  };
}

export function createLedger(deps: LedgerDeps): Ledger {
  const { db, clock } = deps;
  const reportError = deps.onListenerError ?? (() => {});
  /** This process's postings, heard here at once and by the other processes via NOTIFY. */
  const events = new WalletEvents(reportError, createBalancePublisher(db, reportError));
  /** Hears nothing: a posting inside inBonusTransaction is announced after its commit. */
  const heldBack = new WalletEvents(() => {});
  /** Bets and wins: one ledger_apply statement each, grouped (decisions 060 and 109). */
  const group = createGroupCommit(db, events, deps.groupCommit);

  function operatorMovementPosting(input: OperatorMovementInput): Posting {
    const userId = checkUserId(input.userId);
    const adjustment = input.kind === 'adjustment';
    const amount = adjustment ? checkSignedAmount(input.amount) : checkMagnitude(input.amount);
    if (amount === 0n) throw new InvalidPosting(`A ${input.kind} of 0 moves nothing`);
    const delta = input.kind === 'withdrawal' ? -amount : amount;
    const currency = input.currency === undefined ? null : checkCurrency(input.currency);
    const reason =
      input.reason === undefined ? null : checkText('reason', input.reason, maxReasonLength);
    if (adjustment && reason === null) throw new InvalidPosting('An adjustment needs a reason');
    return movementPosting(
      {
        kind: input.kind,
        userId,
        delta,
        currency,
        provider: operatorProvider,
        operation: input.kind,
        txId: checkId('idempotencyKey', input.idempotencyKey),
        betTxId: null,
        gameId: null,
        roundId: null,
        reason,
        actor: checkText('actor', input.actor, maxReasonLength),
        meta: metaJson(input.meta),
        request: { userId, amount: delta.toString(), currency, reason },
      },
      clock.now(),
    );
  }

  /**
   * A win whose player its own statement finds (decision 102): one statement, outside the
   * group commit (the wallet is not known before it). A unique violation of its key by a
   * concurrent posting rolled it back whole; the next attempt answers it as a replay.
   */
  async function postSourcedWin(input: SourcedWinInput): Promise<PostingResult> {
    const now = clock.now();
    const { statement, values } = sourcedWinStatement(
      input.playerFrom,
      sourcedWinValues(input, now),
    );
    for (let attempt = 1; ; attempt++) {
      let row: SourcedWinRow | undefined;
      try {
        row = (await executePrepared<SourcedWinRow>(db, statement, values)).rows[0];
      } catch (error) {
        const index = uniqueViolation(error);
        if (attempt < 3 && index === 'ledger_entries_idempotency_key') continue;
        throw error;
      }
      if (row === undefined) throw new UnknownPlayer(`(the player of ${input.playerFrom.name})`);
      const apply = sourcedWinApply(
        input,
        {
          userId: row.posted_user_id,
          currency: row.posted_currency,
          gameId: row.posted_game_id,
          betTxId: row.posted_bet_tx_id,
        },
        now,
      );
      const result = answerOf(apply, row);
      // After the commit, like the group commit's postings: never for a replay.
      if (result.outcome === 'applied') events.announceCommitted(result.entry);
      return result;
    }
  }

  async function postOperatorMovement(input: OperatorMovementInput): Promise<PostingResult> {
    return runPosting(db, events, operatorMovementPosting(input));
  }

  return {
    events,
    async postBet(input) {
      return group.post(betApply(input, clock.now()));
    },

    async replayOfBet(input) {
      // Reads only: the bet's key and content, never its statement.
      return findReplay(db, { ...betApply(input, clock.now()), moreRelated: null });
    },

    async postWin(input) {
      if ('playerFrom' in input) return postSourcedWin(input);
      return group.post(winApply(input, clock.now()));
    },

    async postRefund(input) {
      const userId = checkUserId(input.userId);
      const betTxId = checkId('betTxId', input.betTxId);
      const amount = input.amount === undefined ? null : checkMagnitude(input.amount);
      const currency = input.currency === undefined ? null : checkCurrency(input.currency);
      const gameId = checkOptionalId('gameId', input.gameId);
      const roundId = checkOptionalId('roundId', input.roundId);
      const posting = refundPosting(
        {
          userId,
          provider: checkProvider(input.provider),
          txId: checkOptionalId('txId', input.txId) ?? betTxId,
          betTxId,
          amount,
          currency,
          gameId,
          roundId,
          meta: metaJson(input.meta),
          request: {
            userId,
            betTxId,
            amount: amount?.toString() ?? null,
            currency,
            gameId,
            roundId,
          },
        },
        clock.now(),
      );
      return runPosting(db, events, posting);
    },

    async postProviderAdjustment(input) {
      const userId = checkUserId(input.userId);
      const amount = checkSignedAmount(input.amount, { allowZero: true });
      const currency = checkCurrency(input.currency);
      const gameId = checkOptionalId('gameId', input.gameId);
      const roundId = checkOptionalId('roundId', input.roundId);
      const posting = movementPosting(
        {
          kind: 'adjustment',
          userId,
          delta: amount,
          currency,
          provider: checkProvider(input.provider),
          operation: checkWinOperation(input.operation ?? 'adjustment'),
          txId: checkId('txId', input.txId),
          betTxId: null,
          gameId,
          roundId,
          reason: checkText('reason', input.reason, maxReasonLength),
          actor: null,
          meta: metaJson(input.meta),
          request: { userId, amount: amount.toString(), currency, gameId, roundId },
        },
        clock.now(),
      );
      return runPosting(db, events, posting);
    },

    async postAdjustment({ inTransaction, ...input }) {
      const posting = operatorMovementPosting({ ...input, kind: 'adjustment' });
      return runPosting(db, events, { ...posting, inTransaction });
    },
    postOperatorMovement,

    async replayOfOperatorMovement(input) {
      return findReplay(db, operatorMovementPosting(input));
    },

    async findBet(provider, reference, userId) {
      const { rows } = await db.execute<LedgerRow>(
        betByReferenceQuery(
          checkProvider(provider),
          checkId('reference', reference),
          userId === undefined ? undefined : checkUserId(userId),
        ),
      );
      const row = rows[0];
      return row === undefined ? undefined : toLedgerEntry(row);
    },

    async findRoundBets(provider, roundId, userId, limit) {
      const { rows } = await db.execute<LedgerRow>(
        roundBetsQuery(
          checkProvider(provider),
          checkId('roundId', roundId),
          checkUserId(userId),
          limit,
        ),
      );
      return rows.map(toLedgerEntry);
    },

    async postWithdrawalReversal(input) {
      const userId = checkUserId(input.userId);
      const withdrawalTxId = checkId('withdrawalKey', input.withdrawalKey);
      const reason =
        input.reason === undefined ? null : checkText('reason', input.reason, maxReasonLength);
      const posting = reversalPosting(
        {
          userId,
          withdrawalTxId,
          reason,
          actor: checkText('actor', input.actor, maxReasonLength),
          meta: metaJson(input.meta),
          request: { userId, withdrawalKey: withdrawalTxId },
        },
        clock.now(),
      );
      return runPosting(db, events, posting);
    },

    async getBalance(userId) {
      const { rows } = await db.execute<WalletRow>(walletQuery(checkUserId(userId)));
      const wallet = rows[0];
      if (!wallet) throw new UnknownPlayer(userId);
      return walletBalanceOf(wallet);
    },

    async getBalanceSnapshot(userId) {
      const { rows } = await db.execute<WalletRow & { last_entry_id: string | null }>(
        walletSnapshotQuery(checkUserId(userId)),
      );
      const wallet = rows[0];
      if (!wallet) throw new UnknownPlayer(userId);
      return {
        ...walletBalanceOf(wallet),
        lastEntryId: wallet.last_entry_id === null ? null : BigInt(wallet.last_entry_id),
      };
    },

    async inBonusTransaction(userId, work) {
      const player = checkUserId(userId);
      const applied: PostingResult[] = [];
      const answer = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<WalletRow>(lockedWalletQuery(player));
        const row = rows[0];
        if (!row) throw new UnknownPlayer(player);
        return work({
          db: tx,
          wallet: walletBalanceOf(row),
          async post(input) {
            const result = await runBonusMovement(
              tx,
              bonusMovement({ ...input, userId: player }),
              clock.now(),
            );
            if (result.outcome === 'applied') applied.push(result);
            return result;
          },
          async postWithdrawal(input) {
            // Under this transaction's wallet lock no other posting of the player runs, so
            // the statement cannot lose its key to a concurrent one; its event is held back
            // with the others until the commit.
            const posting = operatorMovementPosting({
              ...input,
              kind: 'withdrawal',
              userId: player,
            });
            const result = await runPosting(tx, heldBack, posting);
            if (result.outcome === 'applied') applied.push(result);
            return result;
          },
        });
      });
      // Committed: now, and only now, the listeners hear of it.
      for (const { entry } of applied) events.announceCommitted(entry);
      return answer;
    },

    async listEntries(userId, page) {
      const before = page.before === undefined ? undefined : checkEntryId(page.before);
      const { rows } = await db.execute<LedgerRow>(
        entriesPageQuery(checkUserId(userId), page.limit + 1, before),
      );
      const entries = rows.slice(0, page.limit).map(toLedgerEntry);
      const more = rows.length > page.limit;
      return { entries, nextBefore: more ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}
