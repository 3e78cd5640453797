import {
  reportPageSize,
  reportRowCursor,
  type ReportLiabilityResponse,
  type ReportSummaryResponse,
} from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/lib/clock';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { createWalletUser, txId } from '../helpers/wallets';

// The operator's report routes, and issue 30's "report of a day with a refund after midnight
// checked by hand": in Europe/Moscow (UTC+3) a player deposits 100.00, bets 10.00 at 23:50 on
// 1 March and 5.00 at 23:55, wins 2.50 on the second bet; the first bet is refunded at 00:10 on
// 2 March. The refund lands on 2 March, shown as a refund.
const token = 'reports-operator-token-0123456789abcdef';
const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
let t: TestApp;
let userId: string;

const get = (url: string, auth = `Bearer ${token}`) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: auth } });

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { OPERATOR_API_TOKEN: token, REPORTS_TIME_ZONE: 'Europe/Moscow' },
  });
  await t.app.ready();
  userId = await createWalletUser(t.db);
  await t.db.execute(sql`update users set country = 'RU' where id = ${userId}`);
  const wallet = t.app.wallet;
  await wallet.postOperatorMovement({
    kind: 'deposit',
    userId,
    amount: 100_000n,
    idempotencyKey: txId('dep'),
    actor: 'test',
  });
  const bet = { userId, provider: 'endorphina', currency: 'USD', gameId: 'endorphina_sushi' };
  clock.set(new Date('2026-03-01T20:50:00Z')); // 23:50 in Moscow
  const first = txId('bet');
  await wallet.postBet({ ...bet, txId: first, amount: 10_000n });
  clock.set(new Date('2026-03-01T20:55:00Z')); // 23:55
  const second = txId('bet');
  await wallet.postBet({ ...bet, txId: second, amount: 5_000n });
  await wallet.postWin({ ...bet, txId: txId('win'), betTxId: second, amount: 2_500n });
  clock.set(new Date('2026-03-01T21:10:00Z')); // 00:10 on 2 March
  await wallet.postRefund({ userId, provider: 'endorphina', betTxId: first, txId: txId('ref') });
  await t.app.reports.job.runOnce();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('GET /api/operator/reports/summary', () => {
  it('puts the bets on 1 March and their refund after midnight on 2 March (Moscow)', async () => {
    const res = await get('/api/operator/reports/summary?from=2026-03-01&to=2026-03-02&by=game');
    expect(res.statusCode).toBe(200);
    const body = res.json<ReportSummaryResponse>();
    expect(body).toMatchObject({
      time_zone: 'Europe/Moscow',
      from: '2026-03-01',
      to: '2026-03-02',
    });
    const game = (day: string) =>
      body.rows.find((r) => r.period_start === day && r.game_id === 'endorphina_sushi');
    expect(game('2026-03-01')).toMatchObject({
      provider: 'endorphina',
      stakes: '15.00',
      rounds: 2,
      wins: '2.50',
      refunds: '0.00',
      ggr: '12.50',
      ngr: '12.50',
      active_players: 1,
    });
    expect(game('2026-03-02')).toMatchObject({
      stakes: '0.00',
      rounds: 0,
      refunds: '10.00',
      refunds_count: 1,
      ggr: '-10.00',
      active_players: 0,
    });
  });

  it('counts the deposit as the first one, under the player country', async () => {
    const res = await get('/api/operator/reports/summary?from=2026-03-01&to=2026-03-01&by=country');
    expect(res.json<ReportSummaryResponse>().rows).toEqual([
      expect.objectContaining({
        country: 'RU',
        deposits: '100.00',
        deposits_count: 1,
        first_deposits: '100.00',
        first_deposits_count: 1,
        net_deposits: '100.00',
      }),
    ]);
  });

  it('widens a week to Monday..Sunday and says so', async () => {
    const res = await get(
      '/api/operator/reports/summary?from=2026-03-01&to=2026-03-02&period=week',
    );
    const body = res.json<ReportSummaryResponse>();
    // 1 March 2026 is a Sunday: its week began on Monday 23 February.
    expect(body).toMatchObject({ from: '2026-02-23', to: '2026-03-08', period: 'week' });
    expect(body.rows.map((r) => r.period_start)).toEqual(['2026-02-23', '2026-03-02']);
  });

  it('refuses a range backwards or longer than 732 days, and an unknown grouping', async () => {
    for (const query of [
      'from=2026-03-02&to=2026-03-01',
      'from=2024-01-01&to=2026-01-03',
      'from=2026-03-01&to=2026-03-01&by=city',
      'from=2026-02-30&to=2026-03-01',
    ]) {
      const res = await get(`/api/operator/reports/summary?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('answers a page: its size, the rows of the range, and where the next one starts', async () => {
    const url = '/api/operator/reports/summary?from=2026-03-01&to=2026-03-02&by=game';
    const whole = (await get(url)).json<ReportSummaryResponse>();
    expect(whole).toMatchObject({
      page_size: reportPageSize,
      total_rows: whole.rows.length,
      total_pages: 1,
      next: null,
    });
    // Ordered by period, then provider and game (the operator's row has no game: '').
    expect(whole.rows.map((r) => `${r.period_start} ${r.provider} ${r.game_id}`)).toEqual([
      '2026-03-01 endorphina endorphina_sushi',
      '2026-03-01 operator null',
      '2026-03-02 endorphina endorphina_sushi',
    ]);
    // After each row, the rows that follow it; after the last, none.
    for (const [index, row] of whole.rows.entries()) {
      const after = encodeURIComponent(reportRowCursor(row));
      const res = await get(`${url}&after=${after}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<ReportSummaryResponse>()).toMatchObject({
        rows: whole.rows.slice(index + 1),
        total_rows: 3,
        next: null,
      });
    }
  });

  it('gives a day with only a withdrawal paid a row of its own, on its page', async () => {
    // Paid at 10:00 on 4 March in Moscow: no ledger row of any cell that day.
    await t.db.execute(sql`
      insert into payments (id, user_id, direction, method, provider, status, amount, currency,
        idempotency_key, request, created_at, updated_at)
      values (gen_random_uuid(), ${userId}, 'withdrawal', 'card', 'sandbox', 'paid', 7000, 'USD',
        'paid-only-day', '{}'::jsonb, '2026-03-04T06:00:00Z', '2026-03-04T07:00:00Z')`);
    clock.set(new Date('2026-03-04T12:00:00Z'));
    await t.app.reports.job.runOnce();
    for (const by of ['all', 'provider', 'game', 'country']) {
      const url = `/api/operator/reports/summary?from=2026-03-01&to=2026-03-04&by=${by}`;
      const whole = (await get(url)).json<ReportSummaryResponse>();
      const paidOnly = whole.rows.at(-1)!;
      expect(paidOnly, by).toMatchObject({
        period_start: '2026-03-04',
        withdrawals_paid: '7.00',
        withdrawals_paid_count: 1,
        stakes: '0.00',
        deposits: '0.00',
      });
      expect(whole.total_rows, by).toBe(whole.rows.length);
      // Every row followed by the rest, the paid-only one last.
      for (const [index, row] of whole.rows.entries()) {
        const rest = await get(`${url}&after=${encodeURIComponent(reportRowCursor(row))}`);
        expect(rest.json<ReportSummaryResponse>().rows, `${by} after ${index}`).toEqual(
          whole.rows.slice(index + 1),
        );
      }
    }
  });

  it('refuses an after that is not the next of an answer, naming it', async () => {
    for (const after of [
      'abc',
      '[]',
      '["2026-03-01","endorphina","endorphina_sushi"]',
      '["2026-02-30","endorphina","","USD"]',
      '["2026-03-01",1,"","USD"]',
      '["2026-03-01","endorphina","","usd"]',
      '{"period_start":"2026-03-01"}',
    ]) {
      const res = await get(
        `/api/operator/reports/summary?from=2026-03-01&to=2026-03-02&after=${encodeURIComponent(after)}`,
      );
      expect(res.statusCode, after).toBe(400);
      expect(res.json(), after).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          fields: [
            {
              path: 'querystring.after',
              message: 'after must be the next of an answer: ["YYYY-MM-DD", key, key2, currency]',
            },
          ],
        },
      });
    }
  });

  it('answers 401 without the operator token', async () => {
    const res = await get(
      '/api/operator/reports/summary?from=2026-03-01&to=2026-03-01',
      'Bearer x',
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/operator/reports/summary.csv', () => {
  it('streams the same rows as CSV, the zone on its first line', async () => {
    const res = await get(
      '/api/operator/reports/summary.csv?from=2026-03-01&to=2026-03-02&by=game',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="report-game-day-2026-03-01-2026-03-02.csv"',
    );
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('# time_zone=Europe/Moscow');
    const header = lines[1]!.split(',');
    const rows = lines
      .slice(2)
      .map((line): Record<string, string> =>
        Object.fromEntries(line.split(',').map((v, i) => [header[i] ?? '', v])),
      );
    expect(rows).toContainEqual(
      expect.objectContaining<Record<string, string>>({
        period_start: '2026-03-02',
        provider: 'endorphina',
        game_id: 'endorphina_sushi',
        refunds: '10.00',
        ggr: '-10.00',
      }),
    );
  });
});

describe('GET /api/operator/reports/liability', () => {
  it('is what players hold at the end of each day', async () => {
    const res = await get('/api/operator/reports/liability?from=2026-02-28&to=2026-03-02');
    expect(res.statusCode).toBe(200);
    expect(res.json<ReportLiabilityResponse>()).toMatchObject({
      time_zone: 'Europe/Moscow',
      rows: [
        { date: '2026-02-28', currency: 'USD', total: '0.00', bonus: '0.00', cash: '0.00' },
        // 100 − 10 − 5 + 2.50
        { date: '2026-03-01', currency: 'USD', total: '87.50', bonus: '0.00', cash: '87.50' },
        // + the refund of 10
        { date: '2026-03-02', currency: 'USD', total: '97.50', bonus: '0.00', cash: '97.50' },
      ],
    });
  });
});
