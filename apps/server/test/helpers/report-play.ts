import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/database';
import type { Ledger } from '../../src/features/wallet/ledger';
import { WalletError } from '../../src/features/wallet/wallet-errors';
import { seededRandom } from './seeded-random';
import { createWalletUser } from './wallets';

/**
 * Random casino life for the reports' tests: deposits, bets, wins, refunds (some long after
 * their bet, across midnight), provider and staff adjustments, withdrawals requested, paid
 * and given back, bonuses granted, played, converted and forfeited. Time is the test's clock,
 * moved a few minutes per step. Refusals of the ledger (a bet over the balance, a withdrawal
 * while a bonus is active) are part of life: skipped.
 */
export interface PlayOptions {
  db: Database;
  ledger: Ledger;
  clock: { now(): Date; advance(ms: number): void };
  seed: number;
  players: number;
  steps: number;
  /** Between two steps, at most this many minutes pass (at least 0). */
  maxMinutesPerStep: number;
  /** Called every `every` steps (e.g. to run the reports job half-way). */
  every?: { steps: number; run: () => Promise<unknown> };
}

const games = [
  { provider: 'endorphina', game: 'endorphina_sushi' },
  { provider: 'endorphina', game: 'endorphina_minotauros' },
  { provider: 'pragmatic', game: 'vs20doghouse' },
  { provider: 'gbgames', game: 'gb-crash' },
] as const;
const countries = ['DE', 'RU', 'BR', null] as const;

interface OpenBet {
  userId: string;
  provider: string;
  txId: string;
  game: string;
  round: string;
  amount: bigint;
}

export async function playRandomly(options: PlayOptions): Promise<void> {
  const { db, ledger, clock } = options;
  const random = seededRandom(options.seed);
  const players: string[] = [];
  for (let i = 0; i < options.players; i++) {
    const userId = await createWalletUser(db);
    const country = countries[i % countries.length] ?? null;
    if (country) await db.execute(sql`update users set country = ${country} where id = ${userId}`);
    players.push(userId);
  }
  const openBets: OpenBet[] = [];
  const withdrawals: { userId: string; key: string }[] = [];
  const bonuses = new Map<string, string>();
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${options.seed}-${(seq += 1)}`;
  const amount = (max: number) => BigInt(random.int(1, max)) * 10n;

  for (let step = 1; step <= options.steps; step++) {
    clock.advance(random.int(0, options.maxMinutesPerStep) * 60_000 + random.int(0, 59_999));
    const userId = random.pick(players);
    const roll = random.next();
    try {
      if (roll < 0.12) {
        await ledger.postOperatorMovement({
          kind: 'deposit',
          userId,
          amount: amount(5_000),
          idempotencyKey: randomUUID(),
          actor: 'test',
        });
      } else if (roll < 0.5) {
        const where = random.pick(games);
        const bet = {
          userId,
          provider: where.provider,
          txId: id('bet'),
          game: where.game,
          round: id('round'),
          amount: amount(300),
        };
        await ledger.postBet({
          userId,
          provider: bet.provider,
          txId: bet.txId,
          amount: bet.amount,
          currency: 'USD',
          gameId: bet.game,
          roundId: bet.round,
        });
        openBets.push(bet);
      } else if (roll < 0.75 && openBets.length > 0) {
        const bet = openBets.splice(random.int(0, openBets.length - 1), 1)[0] as OpenBet;
        await ledger.postWin({
          userId: bet.userId,
          provider: bet.provider,
          txId: id('win'),
          betTxId: bet.txId,
          amount: random.next() < 0.5 ? 0n : amount(900),
          currency: 'USD',
          gameId: bet.game,
          roundId: bet.round,
        });
      } else if (roll < 0.8 && openBets.length > 0) {
        // The oldest open bet: its refund may come hours later, on another day.
        const bet = openBets.shift() as OpenBet;
        await ledger.postRefund({
          userId: bet.userId,
          provider: bet.provider,
          betTxId: bet.txId,
          txId: id('refund'),
          // Some providers name the game on a refund, some do not.
          ...(random.next() < 0.5 ? { gameId: bet.game, roundId: bet.round } : {}),
        });
      } else if (roll < 0.82) {
        // A refund of a bet never seen: a tombstone, 0.
        await ledger.postRefund({ userId, provider: 'pragmatic', betTxId: id('ghost') });
      } else if (roll < 0.86) {
        const key = randomUUID();
        await ledger.postOperatorMovement({
          kind: 'withdrawal',
          userId,
          amount: amount(2_000),
          idempotencyKey: key,
          actor: 'test',
        });
        withdrawals.push({ userId, key });
      } else if (roll < 0.89 && withdrawals.length > 0) {
        const w = withdrawals.splice(random.int(0, withdrawals.length - 1), 1)[0]!;
        if (random.next() < 0.5) {
          await ledger.postWithdrawalReversal({
            userId: w.userId,
            withdrawalKey: w.key,
            actor: 'test',
          });
        } else {
          await markPaid(db, w.userId, w.key, clock.now());
        }
      } else if (roll < 0.91) {
        await ledger.postAdjustment({
          userId,
          amount: random.next() < 0.7 ? amount(1_000) : -amount(10),
          reason: 'correction',
          idempotencyKey: randomUUID(),
          actor: 'test',
        });
      } else if (roll < 0.93) {
        const where = random.pick(games);
        await ledger.postProviderAdjustment({
          userId,
          provider: where.provider,
          amount: random.next() < 0.5 ? amount(200) : -amount(5),
          currency: 'USD',
          txId: id('padj'),
          reason: 're-settlement',
          gameId: where.game,
        });
      } else {
        await bonusStep(ledger, userId, bonuses, random, clock.now());
      }
    } catch (error) {
      if (!(error instanceof WalletError)) throw error;
    }
    if (options.every && step % options.every.steps === 0) await options.every.run();
  }
}

async function bonusStep(
  ledger: Ledger,
  userId: string,
  bonuses: Map<string, string>,
  random: ReturnType<typeof seededRandom>,
  now: Date,
): Promise<void> {
  const active = bonuses.get(userId);
  await ledger.inBonusTransaction(userId, async (tx) => {
    if (!active) {
      const amount = BigInt(random.int(1, 50)) * 1_000n;
      // The engine's own row, as a claim leaves it (ledger:check matches the two).
      const { rows } = await tx.db.execute<{ id: string }>(sql`
        insert into player_bonuses (user_id, offer_id, kind, status, amount, wagering_required,
          wagering_multiplier, wagering_base, contributions, max_bet, valid_days, claimed_at,
          activated_at, expires_at)
        values (${userId}, 'daily', 'daily', 'active', ${amount}, 0, 0, 'bonus',
          '{}'::jsonb, 1000000, 7, ${now}, ${now}, ${new Date(now.getTime() + 7 * 86_400_000)})
        returning id::text`);
      const bonusId = rows[0]!.id;
      await tx.post({ operation: 'bonus_grant', bonusId, amount, actor: 'test' });
      bonuses.set(userId, bonusId);
      return;
    }
    const convert = random.next() < 0.6;
    if (convert) {
      const maxCashout = random.next() < 0.5 ? null : BigInt(random.int(1, 20)) * 1_000n;
      await tx.post({ operation: 'bonus_convert', bonusId: active, maxCashout, actor: 'test' });
    } else {
      await tx.post({ operation: 'bonus_forfeit', bonusId: active, actor: 'test' });
    }
    await tx.db.execute(sql`
      update player_bonuses set status = ${convert ? 'completed' : 'cancelled'}, ended_at = ${now}
      where id = ${active}`);
    bonuses.delete(userId);
  });
}

/** A payments row for a withdrawal the ledger holds, paid at `at` (the cashier's last step). */
async function markPaid(db: Database, userId: string, key: string, at: Date): Promise<void> {
  const { rows } = await db.execute<{ id: string; amount: string }>(sql`
    select id::text, (-amount)::text as amount from ledger_entries
    where provider = 'operator' and operation = 'withdrawal' and provider_tx_id = ${key}`);
  const entry = rows[0];
  if (!entry) return;
  await db.execute(sql`
    insert into payments (id, user_id, direction, method, provider, status, amount, currency,
      idempotency_key, request, ledger_entry_id, created_at, updated_at)
    values (${randomUUID()}, ${userId}, 'withdrawal', 'card', 'sandbox', 'paid', ${entry.amount},
      'USD', ${key}, '{}'::jsonb, ${entry.id}, ${at}, ${at})`);
}
