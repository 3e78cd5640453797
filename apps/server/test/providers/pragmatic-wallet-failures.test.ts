// Pragmatic's Seamless Wallet money methods on the ledger, exercised as the provider would:
// form-encoded POSTs with real hashes through the app (t.app.inject), then the ledger read back.
// This file: a failing database, and concurrency on PostgreSQL.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { hashLaunchToken } from '../../src/features/game-sessions/launch-token';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { expectLedgerClean } from '../helpers/ledger';
import { seededRandom } from '../helpers/seeded-random';
import {
  balanceOf,
  clock,
  entriesOf,
  game,
  gameIds,
  logLines,
  newPlayer,
  onPostgres,
  type Params,
  post,
  providerId,
  reference,
  roundCall,
  s,
  t,
  usePragmaticWallet,
} from './pragmatic-wallet-context';

usePragmaticWallet();

describe('when the database fails', () => {
  it('every call answers "internal error, retry" (100; endRound 130), logged without secrets; the retry then lands', async () => {
    const { userId } = await newPlayer();
    // Warm the remembered currency, so the result below goes straight to its posting.
    await post('result', roundCall(userId, '0.00'));
    const bet = roundCall(userId, '1.00');
    const result = roundCall(userId, '2.00');
    const signedBet = pragmaticHash({ providerId, ...bet }, s.pragmatic.secretKey);
    const token = await recordTestLaunch(t.db, clock, {
      provider: 'pragmatic',
      gameId: gameIds.get(game)!,
      userId,
    });
    logLines.length = 0;
    await t.db.execute(sql`alter table wallets rename to wallets_unavailable`);
    try {
      expect(await post('bet', bet)).toMatchObject({ error: 100 });
      expect(await post('result', result)).toMatchObject({ error: 100 });
      expect(await post('refund', { userId, reference: reference() })).toMatchObject({
        error: 100,
      });
      expect(
        await post('bonusWin', { userId, amount: '1.00', reference: reference() }),
      ).toMatchObject({
        error: 100,
      });
      expect(await post('endRound', { userId, gameId: game, roundId: '1' })).toMatchObject({
        error: 130,
      });
      expect(await post('getBalancePerGame', { userId, gameIdList: game })).toMatchObject({
        error: 100,
      });
      expect(await post('balance', { userId })).toMatchObject({ error: 100 });
      expect(await post('authenticate', { token, gameId: game })).toMatchObject({ error: 100 });
    } finally {
      await t.db.execute(sql`alter table wallets_unavailable rename to wallets`);
    }
    const log = logLines.join('');
    expect(log).toContain('pragmatic wallet call failed');
    expect(log).not.toContain(signedBet);
    expect(log).not.toContain(s.pragmatic.secretKey);
    // Neither the body nor a query's bound values (a token's hash among them on authenticate).
    expect(log).not.toContain(bet.reference);
    expect(log).not.toContain(token);
    expect(log).not.toContain(hashLaunchToken(token));
    expect(log).toContain('wallets'); // what failed: the driver's own message
    // The provider retries the very same calls: now they land, once.
    expect(await post('bet', bet)).toMatchObject({ error: 0, cash: 24 });
    expect(await post('result', result)).toMatchObject({ error: 0, cash: 26 });
    expect(await entriesOf(userId)).toHaveLength(3);
  });

  it('120 only for a bet whose failure the same call would meet again (the database refusing the data)', async () => {
    const { userId } = await newPlayer();
    const dataError = Object.assign(new Error('value out of range'), { code: '22003' });
    const spy = vi.spyOn(t.app.wallet, 'postBet').mockRejectedValueOnce(dataError);
    try {
      expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 120 });
      spy.mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));
      expect(await post('bet', roundCall(userId, '1.00'))).toMatchObject({ error: 100 });
    } finally {
      spy.mockRestore();
    }
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe.skipIf(!onPostgres)('under concurrency (PostgreSQL)', () => {
  it('240 simultaneous bets over HTTP on one wallet, each sent twice, never overspend', async () => {
    const initial = 100_000n;
    const { userId } = await newPlayer(initial);
    const random = seededRandom(20_261_122);
    const bets = Array.from({ length: 240 }, () =>
      roundCall(userId, `0.${String(random.int(10, 99))}`),
    );
    const answers = await Promise.all(bets.flatMap((bet) => [post('bet', bet), post('bet', bet)]));
    let spent = 0n;
    const ids = new Set<string>();
    bets.forEach((bet, i) => {
      const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
      expect([0, 1]).toContain(a.error);
      expect([0, 1]).toContain(b.error);
      // Both copies agree on the transaction whenever both were taken.
      if (a.error === 0 && b.error === 0) expect(a.transactionId).toBe(b.transactionId);
      if (a.error === 0 || b.error === 0) {
        spent += BigInt(bet.amount!.replace('.', '')) * 10n;
        ids.add(String(a.error === 0 ? a.transactionId : b.transactionId));
      }
    });
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThanOrEqual(initial);
    const balance = await balanceOf(userId);
    expect(balance).toBe(initial - spent);
    expect(balance).toBeGreaterThanOrEqual(0n);
    expect(answers.some((a) => a.error === 1)).toBe(true);
    expect(await entriesOf(userId)).toHaveLength(ids.size);
    await expectLedgerClean(t.db);
  });

  it('a seeded mix of bets, results, refunds and replays from many clients ends where the answers say', async () => {
    const random = seededRandom(7_340_017);
    const initial = 5_000n; // short wallets: some bets meet insufficient funds
    const players = await Promise.all(Array.from({ length: 6 }, () => newPlayer(initial)));
    interface Sent {
      method: string;
      params: Params;
    }
    const history: Sent[] = [];
    /** Accepted bets by reference, and the references refunded with success. */
    const acceptedBets = new Map<string, bigint>();
    const refunded = new Set<string>();
    const credited = new Map<string, bigint>();
    const thousandths = (amount: string) => BigInt(amount.replace('.', '')) * 10n;

    const seen = new Set<string>();
    const send = async (sent: Sent) => {
      history.push(sent);
      const answer = await post(sent.method, sent.params);
      const { method, params } = sent;
      seen.add(`${method} ${answer.error}`);
      if (method === 'bet') {
        expect([0, 1, 3]).toContain(answer.error);
        if (answer.error === 0) acceptedBets.set(params.reference!, thousandths(params.amount!));
      } else if (method === 'result') {
        expect(answer.error).toBe(0);
        credited.set(params.reference!, thousandths(params.amount!));
      } else {
        expect(answer.error).toBe(0);
        refunded.add(params.reference!);
      }
    };

    const client = async (clientNo: number) => {
      for (let step = 0; step < 40; step++) {
        const { userId } = random.pick(players);
        const roll = random.next();
        if (roll < 0.15 && history.length > 0) {
          await send(random.pick(history)); // a provider's retry of something already sent
          continue;
        }
        const bet = roundCall(
          userId,
          `${random.int(0, 3)}.${String(random.int(0, 99)).padStart(2, '0')}`,
        );
        const refund = { userId, reference: bet.reference! };
        if (roll < 0.25) {
          // The refund overtakes its bet (the bet timed out at the provider), then the bet.
          await Promise.all([
            send({ method: 'refund', params: refund }),
            send({ method: 'bet', params: bet }),
          ]);
          continue;
        }
        await send({ method: 'bet', params: bet });
        if (random.next() < 0.2) {
          await send({ method: 'refund', params: { ...refund, amount: bet.amount! } });
        } else {
          const win = `${random.int(0, 6)}.${String(random.int(0, 99)).padStart(2, '0')}`;
          await send({
            method: 'result',
            params: {
              ...bet,
              amount: win,
              reference: `${bet.reference!.slice(0, 20)}w${clientNo}`,
            },
          });
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => client(i)));
    // Whether the mix met a short wallet depends on how the clients interleaved (seeded
    // choices, unseeded timing): one bet no wallet here can cover makes sure of it.
    await send({ method: 'bet', params: roundCall(players[0]!.userId, '99999.00') });

    // Every path was taken: late bets refused after their refund, short wallets, replays.
    expect([...seen].sort()).toEqual(['bet 0', 'bet 1', 'bet 3', 'refund 0', 'result 0']);
    expect([...refunded].some((ref) => acceptedBets.has(ref))).toBe(true);

    // What the answers say moved, per player: accepted bets out, results in, refunds of
    // accepted bets back in (a refund of a bet never taken moved nothing).
    const moved = new Map<string, bigint>(players.map((p) => [p.userId, 0n]));
    const owner = new Map(history.map((h) => [h.params.reference!, h.params.userId!]));
    const add = (reference: string, delta: bigint) => {
      const userId = owner.get(reference)!;
      moved.set(userId, moved.get(userId)! + delta);
    };
    for (const [ref, amount] of acceptedBets) add(ref, refunded.has(ref) ? 0n : -amount);
    for (const [ref, amount] of credited) add(ref, amount);
    for (const p of players) {
      expect(await balanceOf(p.userId)).toBe(initial + moved.get(p.userId)!);
    }
    await expectLedgerClean(t.db);
  });
});

describe('the ledger afterwards', () => {
  it('passes the invariant check', async () => {
    await expectLedgerClean(t.db);
  });
});
