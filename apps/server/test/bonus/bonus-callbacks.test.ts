import type {
  BonusOverviewResponse,
  GamePage,
  LaunchResponse,
  Me,
  PlayerBonusResponse,
  ProviderSlug,
} from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { createTestPlayer, freePort, type TestPlayer } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * Wagering from real bets: the simulated studios' slots spin against our wallet callbacks
 * over real HTTP (Endorphina, Pragmatic, GB Games), with the player's money partly bonus.
 * The studios keep seeing the total balance; the bonus page's progress moves with each bet;
 * the player cancels and keeps the cash. Bonus from the seeded promo code ORBITA5 ($5, wager
 * 10 × = $50, slots 100 %, bets over $2 do not count).
 */
interface SpinAnswer {
  ok: boolean;
  error?: string;
  bet?: number;
  win?: number;
  balance: number;
}

const launchPath: Record<ProviderSlug, (gameId: string) => string> = {
  endorphina: (id) => `/api/endo-game/launch?currency=USD&gameId=${encodeURIComponent(id)}`,
  pragmatic: (id) => `/api/pragmatic/user-auth/en/${encodeURIComponent(id)}`,
  gbgames: (id) => `/api/provider2-game/launch?gameId=${encodeURIComponent(id)}`,
};
const providers: ProviderSlug[] = ['endorphina', 'pragmatic', 'gbgames'];

let t: TestApp;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base } });
  await t.app.gameCatalog.scheduler.start();
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await t.close();
});

async function api<T>(player: TestPlayer, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...player.authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function openSlot(player: TestPlayer, provider: ProviderSlug) {
  const list = await fetch(`${base}/api/total/games?provider=${provider}&category=slots&limit=1`);
  const game = ((await list.json()) as GamePage).data[0]!;
  const launched = await fetch(`${base}${launchPath[provider](game.gameId)}`, {
    headers: player.authorization,
  });
  expect(launched.status).toBe(200);
  const { url } = (await launched.json()) as LaunchResponse;
  const opened = await fetch(url, { redirect: 'manual' });
  return opened.status === 302 ? opened.headers.get('location')! : url;
}

async function spin(page: string, bet: number): Promise<SpinAnswer> {
  const res = await fetch(`${page}/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bet }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SpinAnswer;
}

/**
 * An amount as the API writes it: two decimals, three when the thousandths digit is not zero.
 * A win's split can leave the bonus pocket (and so the cash) at a thousandth, which the
 * random spins above make happen in some runs.
 */
function dollars(thousandths: bigint): string {
  const text = (Number(thousandths) / 1000).toFixed(3);
  return text.endsWith('0') ? text.slice(0, -1) : text;
}

describe.each(providers)('%s: wagering from real bets', (provider) => {
  it('moves the progress bet by bet, answers the studio the total, and cancel keeps the cash', async () => {
    const player = await createTestPlayer(t.db, systemClock, 2_000n);
    const claimed = await api<PlayerBonusResponse>(player, '/api/bonus/promo', { code: 'orbita5' });
    expect(claimed.status).toBe(201);
    expect(claimed.body.bonus).toMatchObject({ status: 'active', amount: '5.00' });
    const me = await api<Me>(player, '/api/user/me');
    expect(me.body).toMatchObject({ balance: '7.00', cash: '2.00', bonus: '5.00' });

    const page = await openSlot(player, provider);
    let staked = 0n;
    for (let i = 0; i < 4; i += 1) {
      const answer = await spin(page, 1_000);
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
      staked += BigInt(answer.bet!);
      // The studio sees the total, as the ledger holds it.
      const wallet = await t.app.wallet.getBalance(player.id);
      expect(BigInt(answer.balance)).toBe(wallet.balance);
    }
    await t.app.bonus.settler.idle();
    const { body: overview } = await api<BonusOverviewResponse>(player, '/api/bonus');
    expect(overview.active).toMatchObject({
      status: 'active',
      wagered: (Number(staked) / 1000).toFixed(2),
      wagering_required: '50.00',
    });
    expect(overview.active!.percent).toBe(Number((staked * 100n) / 50_000n));

    // Cash went first: the first bet (1.00 of the 2.00 cash) took no bonus money, and every
    // bet that took bonus money left no cash (ledger:check's bonus-split holds that too).
    const { rows } = await t.db.execute<{ bonus: string; cash_after: string }>(sql`
      select bonus_amount::text as bonus, (balance_after - bonus_after)::text as cash_after
      from ledger_entries where user_id = ${player.id}::uuid and kind = 'bet' order by id`);
    expect(rows[0]).toMatchObject({ bonus: '0' });
    for (const row of rows) if (row.bonus !== '0') expect(row.cash_after).toBe('0');

    const before = await t.app.wallet.getBalance(player.id);
    const cancelled = await api<PlayerBonusResponse>(
      player,
      `/api/bonus/${overview.active!.id}/cancel`,
      {},
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.bonus).toMatchObject({
      status: 'cancelled',
      forfeited_amount: dollars(before.bonus),
    });
    const after = await api<Me>(player, '/api/user/me');
    const cash = dollars(before.balance - before.bonus);
    expect(after.body).toMatchObject({ balance: cash, cash, bonus: '0.00' });
    await expectLedgerClean(t.db);
  }, 60_000);
});

describe('the HTTP edge', () => {
  it('answers the promo errors with their codes, and queues an offer behind the active bonus', async () => {
    const player = await createTestPlayer(t.db, systemClock, 0n);
    const unknown = await api<{ error: { code: string } }>(player, '/api/bonus/promo', {
      code: 'nothing-like-it',
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'PROMO_UNKNOWN' } } });
    const vip = await api<{ error: { code: string } }>(player, '/api/bonus/promo', {
      code: 'vip25',
    });
    expect(vip).toMatchObject({ status: 409, body: { error: { code: 'DEPOSIT_REQUIRED' } } });
    const empty = await api<{ error: { code: string } }>(player, '/api/bonus/promo', { code: ' ' });
    expect(empty.status).toBe(400);
    const daily = await api<PlayerBonusResponse>(player, '/api/bonus/claim', { offer_id: 'daily' });
    expect(daily.status).toBe(201);
    // Another offer while the daily bonus is active is queued behind it (decision 062).
    const again = await api<PlayerBonusResponse>(player, '/api/bonus/claim', {
      offer_id: 'free-10',
    });
    expect(again).toMatchObject({ status: 201, body: { bonus: { status: 'queued' } } });
    const guest = await fetch(`${base}/api/bonus`);
    expect(guest.status).toBe(401);
    await expectLedgerClean(t.db);
  });
});
