import { randomBytes } from 'node:crypto';
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endorphinaSign } from '../../src/features/providers/endorphina/signature';
import { endorphinaWalletPrefix } from '../../src/features/providers/endorphina/wallet-routes';
import { systemClock } from '../../src/lib/clock';
import { loadConfig } from '../../src/config';
import {
  catalogEntry,
  createTestPlayer,
  freePort,
  seedGames,
  type TestPlayer,
} from '../helpers/games';
import { recordTestLaunch } from '../helpers/launch-tokens';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const metricsToken = 'm'.repeat(40);

/** Scrapes /metrics and parses it with a Prometheus text parser (it throws on bad text). */
async function scrape(t: TestApp): Promise<MetricFamily[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
  return parsePrometheusTextFormat(res.body);
}

/** A sample's value by its labels (0 when the series does not exist yet). */
function valueOf(families: MetricFamily[], name: string, labels: Record<string, string>): number {
  const family = families.find((f) => f.name === name);
  const sample = family?.metrics.find((m) =>
    Object.entries(labels).every(([key, value]) => m.labels?.[key] === value),
  );
  return Number(sample?.value ?? 0);
}

describe('GET /metrics', () => {
  let t: TestApp;
  let player: TestPlayer;
  let token: string;
  const game = 'endo-metrics@ENDORPHINA';
  beforeAll(async () => {
    t = await buildTestApp({ clock: systemClock, env: { METRICS_TOKEN: metricsToken } });
    const ids = await seedGames(t.db, 'endorphina', [catalogEntry({ providerGameId: game })]);
    player = await createTestPlayer(t.db, systemClock, 5_000n);
    token = await recordTestLaunch(t.db, systemClock, {
      provider: 'endorphina',
      gameId: ids.get(game)!,
      userId: player.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const bet = async (amount: number) => {
    const params: Record<string, string> = {
      token,
      currency: 'USD',
      game,
      player: player.id,
      gameId: String(1_000_000_000 + Math.floor(Math.random() * 1e8)),
      date: String(Date.now()),
      amount: String(amount),
      id: `metrics-${randomBytes(4).toString('hex')}`,
    };
    const salt = t.app.gameCatalog.settings.endorphina.salt;
    return t.app.inject({
      method: 'POST',
      url: `${endorphinaWalletPrefix}/bet`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...params, sign: endorphinaSign(params, salt) }).toString(),
    });
  };

  it('refuses a scrape without the token, and one with another token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('a bet, a refused bet and a deposit each move their counters', async () => {
    const before = await scrape(t);
    const postings = (labels: Record<string, string>) => (families: MetricFamily[]) =>
      valueOf(families, 'orbita_wallet_postings_total', labels);
    const applied = postings({ kind: 'bet', outcome: 'applied' });
    const refused = postings({ kind: 'bet', outcome: 'refused', reason: 'INSUFFICIENT_FUNDS' });
    const deposits = postings({ kind: 'deposit', outcome: 'applied' });
    const callbacks = (code: string) => (families: MetricFamily[]) =>
      valueOf(families, 'orbita_provider_callbacks_total', {
        provider: 'endorphina',
        method: 'bet',
        code,
      });

    expect((await bet(1_000)).statusCode).toBe(200);
    // 5.000 USD less 1.000: a bet of 100.000 is over the balance.
    expect((await bet(100_000)).statusCode).toBe(402);
    await t.app.wallet.postOperatorMovement({
      kind: 'deposit',
      userId: player.id,
      amount: 10_000n,
      idempotencyKey: `deposit-${randomBytes(4).toString('hex')}`,
      actor: 'metrics-test',
    });

    const after = await scrape(t);
    expect(applied(after) - applied(before)).toBe(1);
    // Postings attempted: Endorphina's adapter tries the bet again after a refusal, to answer
    // in its protocol's order; the callback itself is counted once, below.
    expect(refused(after) - refused(before)).toBeGreaterThanOrEqual(1);
    expect(applied(after) - applied(before)).toBe(1);
    expect(deposits(after) - deposits(before)).toBe(1);
    expect(callbacks('200')(after) - callbacks('200')(before)).toBe(1);
    expect(callbacks('INSUFFICIENT_FUNDS')(after) - callbacks('INSUFFICIENT_FUNDS')(before)).toBe(
      1,
    );
    // The route's pattern, never the URL with its query or ids.
    expect(
      valueOf(after, 'orbita_http_requests_total', {
        route: `${endorphinaWalletPrefix}/bet`,
        method: 'POST',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the process, the event loop and the gauges, with no unbounded label', async () => {
    const families = await scrape(t);
    const names = new Set(families.map((f) => f.name));
    for (const name of [
      'orbita_http_request_duration_seconds',
      'orbita_balance_streams_open',
      'orbita_websockets_open',
      'orbita_db_pool_connections',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    const text = families
      .filter((f) => f.name.startsWith('orbita_'))
      .flatMap((f) => f.metrics.map((m) => JSON.stringify(m.labels ?? {})))
      .join('\n');
    expect(text).not.toContain(player.id);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});

describe('metrics off', () => {
  it('serves no /metrics without METRICS_TOKEN or METRICS_PORT', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on its own port, bound to a private address only', async () => {
    const port = await freePort();
    const t = await buildTestApp({ env: { METRICS_PORT: String(port) } });
    try {
      await t.app.ready();
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(parsePrometheusTextFormat(await res.text()).length).toBeGreaterThan(0);
      // Not on the main port: there it needs METRICS_TOKEN.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
    for (const host of ['0.0.0.0', '8.8.8.8', '::']) {
      expect(() => loadConfig({ METRICS_PORT: '9100', METRICS_HOST: host })).toThrow(
        /METRICS_HOST: must be a loopback or private IP address/,
      );
    }
    expect(loadConfig({ METRICS_HOST: '10.0.3.7' }).metricsHost).toBe('10.0.3.7');
  });
});
