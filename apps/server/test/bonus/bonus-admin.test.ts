import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import { catalogEntry, seedGames } from '../helpers/games';
import { expectLedgerClean } from '../helpers/ledger';
import { testDatabaseDriver } from '../helpers/test-database';
import { txId } from '../helpers/wallets';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from '../staff/staff-helpers';
import { offerBody, promoBody } from './bonus-audit-scenarios';

/**
 * The back office's bonuses over HTTP (decision 091): offers and promo codes made by
 * marketing, each rule the engine then enforces for players (usage limits in total and per
 * player under concurrency, the schedule, the countries, retirement), and a staff cancel that
 * forfeits the pocket on the ledger with its audit row in the same transaction.
 */

const provider = 'endorphina';
const slot = 'admin-bonus-slot';
const minute = 60_000;

describe(`back-office bonuses (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let marketing: StaffMember;
  let seq = 0;
  const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;

  beforeAll(async () => {
    t = await buildStaffApp();
    marketing = await createStaff(t, ['marketing']);
    await seedGames(t.db, provider, [catalogEntry({ providerGameId: slot, category: 'slots' })]);
  });
  afterAll(async () => {
    await t.close();
  });

  const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    asStaff(t, marketing, method, `/api/operator/bonuses${url}`, payload);
  const asPlayer = (p: SignedInPlayer, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/bonus${url}`,
      headers: { authorization: `Bearer ${p.accessToken}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const errorCode = (res: { json: () => unknown }) =>
    (res.json() as { error: { code: string } }).error.code;

  async function offer(overrides: Record<string, unknown> = {}) {
    const id = `t-${unique()}`;
    const res = await staff('POST', '/offers', { ...offerBody(), id, ...overrides });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; state: string }>();
  }
  async function promo(offerId: string, overrides: Record<string, unknown> = {}) {
    const code = `P${unique().toUpperCase()}`;
    const res = await staff('POST', '/promo-codes', promoBody(offerId, code, overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string; code: string; uses: number; state: string }>();
  }

  it('creates an offer and a promo code; refuses what the engine could not honour, field by field', async () => {
    const made = await offer({ amount: '7.50', countries: ['de', 'AT'] });
    expect(made).toMatchObject({
      state: 'live',
      claims: 0,
      amount: '7.50',
      countries: ['AT', 'DE'],
    });

    const match = await staff('POST', '/offers', {
      ...offerBody(),
      id: `t-${unique()}`,
      kind: 'deposit_match',
      amount: null,
    });
    expect(match.statusCode).toBe(400);
    const paths = match.json<{ error: { fields: { path: string }[] } }>().error.fields;
    expect(paths.map((f) => f.path).sort()).toEqual(['match_percent', 'max_bonus']);

    const again = await staff('POST', '/offers', { ...offerBody(), id: made.id });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('OFFER_EXISTS');

    const p = await promo(made.id);
    expect(p).toMatchObject({ uses: 0, state: 'live' });
    const dup = await staff('POST', '/promo-codes', promoBody(made.id, p.code.toLowerCase()));
    expect(errorCode(dup)).toBe('PROMO_EXISTS');
    const badDates = await staff(
      'POST',
      '/promo-codes',
      promoBody(made.id, `Q${unique().toUpperCase()}`, {
        starts_at: '2099-02-01T00:00:00Z',
        expires_at: '2099-01-01T00:00:00Z',
      }),
    );
    expect(badDates.statusCode).toBe(400);

    // The list shows them; support (no bonuses:manage) is refused.
    const list = (await staff('GET', '/promo-codes')).json<{ data: { code: string }[] }>();
    expect(list.data.map((x) => x.code)).toContain(p.code);
    const support = await createStaff(t, ['support']);
    const refused = await asStaff(t, support, 'GET', '/api/operator/bonuses/offers');
    expect(refused.statusCode).toBe(403);
  });

  it('a code limited to 3 uses in total is redeemed exactly 3 times by 8 racing players', async () => {
    const o = await offer();
    const p = await promo(o.id, { max_uses: 3 });
    const players = await Promise.all(Array.from({ length: 8 }, () => createPlayer(t)));
    const results = await Promise.all(
      players.map((pl) => asPlayer(pl, 'POST', '/promo', { code: p.code })),
    );
    const codes = results.map((r) => (r.statusCode === 201 ? 'ok' : errorCode(r))).sort();
    expect(codes).toEqual([...Array<string>(5).fill('PROMO_USED_UP'), 'ok', 'ok', 'ok'].sort());
    const after = (await staff('GET', '/promo-codes')).json<{
      data: { code: string; uses: number; state: string }[];
    }>();
    expect(after.data.find((x) => x.code === p.code)).toMatchObject({ uses: 3, state: 'used_up' });
    // Eight sign-ups (password hashing) take a while on a busy machine; nothing here is timed.
  }, 120_000);

  it('a code limited to 2 uses per player: 5 racing redemptions of one player give 2 (the second queued)', async () => {
    const o = await offer();
    const p = await promo(o.id, { max_uses_per_player: 2 });
    const player = await createPlayer(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => asPlayer(player, 'POST', '/promo', { code: p.code })),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(2);
    expect(results.filter((r) => r.statusCode !== 201).map(errorCode)).toEqual(
      Array<string>(3).fill('PROMO_ALREADY_USED'),
    );
    const statuses = ok.map((r) => r.json<{ bonus: { status: string } }>().bonus.status).sort();
    expect(statuses).toEqual(['active', 'queued']);
    // Only the player's two uses were counted against the total.
    const list = (await staff('GET', '/promo-codes')).json<{
      data: { code: string; uses: number }[];
    }>();
    expect(list.data.find((x) => x.code === p.code)?.uses).toBe(2);
  });

  it('the schedule: an offer and a code are unknown before their start and claimable from it', async () => {
    const from = new Date(t.clock.now().getTime() + 2 * minute).toISOString();
    const until = new Date(t.clock.now().getTime() + 5 * minute).toISOString();
    const listed = await offer({ promo_only: false, available_from: from, available_until: until });
    expect(listed.state).toBe('scheduled');
    const codeOffer = await offer();
    const p = await promo(codeOffer.id, { starts_at: from });
    expect(p.state).toBe('scheduled');
    const player = await createPlayer(t);

    const ids = async () =>
      (await asPlayer(player, 'GET', ''))
        .json<{ offers: { id: string }[] }>()
        .offers.map((x) => x.id);
    expect(await ids()).not.toContain(listed.id);
    expect(errorCode(await asPlayer(player, 'POST', '/claim', { offer_id: listed.id }))).toBe(
      'OFFER_NOT_FOUND',
    );
    expect(errorCode(await asPlayer(player, 'POST', '/promo', { code: p.code }))).toBe(
      'PROMO_UNKNOWN',
    );

    t.clock.advance(3 * minute);
    expect(await ids()).toContain(listed.id);
    expect((await asPlayer(player, 'POST', '/claim', { offer_id: listed.id })).statusCode).toBe(
      201,
    );
    expect((await asPlayer(player, 'POST', '/promo', { code: p.code })).statusCode).toBe(201);

    // Past its until the offer has ended: no longer listed, its state says so.
    // (Short steps: the staff session's idle limit runs on the same clock.)
    t.clock.advance(3 * minute);
    const other = await createPlayer(t);
    const after = (await asPlayer(other, 'GET', '')).json<{ offers: { id: string }[] }>();
    expect(after.offers.map((x) => x.id)).not.toContain(listed.id);
    const offers = (await staff('GET', '/offers')).json<{
      data: { id: string; state: string }[];
    }>();
    expect(offers.data.find((x) => x.id === listed.id)?.state).toBe('ended');
  });

  it('the countries: only players resident in one of them may have the offer', async () => {
    const o = await offer({ promo_only: false, countries: ['DE'] });
    const p = await promo(o.id);
    const player = await createPlayer(t);
    // Country unknown: not eligible for an offer that names countries.
    expect(errorCode(await asPlayer(player, 'POST', '/promo', { code: p.code }))).toBe(
      'NOT_ELIGIBLE',
    );
    await t.db.execute(sql`update users set country = 'FR' where id = ${player.id}::uuid`);
    const listedFr = (await asPlayer(player, 'GET', '')).json<{ offers: { id: string }[] }>();
    expect(listedFr.offers.map((x) => x.id)).not.toContain(o.id);
    expect(errorCode(await asPlayer(player, 'POST', '/claim', { offer_id: o.id }))).toBe(
      'NOT_ELIGIBLE',
    );
    await t.db.execute(sql`update users set country = 'DE' where id = ${player.id}::uuid`);
    const listedDe = (await asPlayer(player, 'GET', '')).json<{ offers: { id: string }[] }>();
    expect(listedDe.offers.map((x) => x.id)).toContain(o.id);
    expect((await asPlayer(player, 'POST', '/promo', { code: p.code })).statusCode).toBe(201);
  });

  it('retiring: a retired code answers expired, a retired offer is gone with its codes', async () => {
    const o = await offer({ promo_only: false });
    const p1 = await promo(o.id);
    const p2 = await promo(o.id);
    const player = await createPlayer(t);
    const retired = await staff('POST', `/promo-codes/${p1.id}/retire`, { reason: 'leaked' });
    expect(retired.json()).toMatchObject({ state: 'retired' });
    expect(errorCode(await asPlayer(player, 'POST', '/promo', { code: p1.code }))).toBe(
      'PROMO_EXPIRED',
    );
    const gone = await staff('POST', `/offers/${o.id}/retire`, { reason: 'campaign over' });
    expect(gone.json()).toMatchObject({ state: 'retired', enabled: false });
    expect(errorCode(await asPlayer(player, 'POST', '/promo', { code: p2.code }))).toBe(
      'PROMO_UNKNOWN',
    );
    expect(errorCode(await asPlayer(player, 'POST', '/claim', { offer_id: o.id }))).toBe(
      'OFFER_NOT_FOUND',
    );
    // A limit below the uses already made is refused on its field.
    const used = await promo((await offer()).id);
    await asPlayer(player, 'POST', '/promo', { code: used.code });
    await asPlayer(await createPlayer(t), 'POST', '/promo', { code: used.code });
    const { code: _c, offer_id: _o, ...body } = promoBody('x', 'X');
    const below = await staff('PUT', `/promo-codes/${used.id}`, { ...body, max_uses: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ error: { fields: [{ path: 'max_uses' }] } });
    const exact = await staff('PUT', `/promo-codes/${used.id}`, { ...body, max_uses: 2 });
    expect(exact.json()).toMatchObject({ uses: 2, max_uses: 2, state: 'used_up' });
  });

  it('a staff cancel forfeits the pocket on the ledger, its audit row in the same transaction', async () => {
    const o = await offer({ amount: '10.00', wagering_multiplier: 2 });
    const p = await promo(o.id);
    const player = await createPlayer(t);
    const claimed = await asPlayer(player, 'POST', '/promo', { code: p.code });
    const bonusId = claimed.json<{ bonus: { id: string } }>().bonus.id;
    // A 4.00 slot bet, all bonus money (no cash): 4.00 of the 20.00 wagered.
    const id = txId('bet');
    await t.app.wallet.postBet({
      userId: player.id,
      amount: 4_000n,
      currency: 'USD',
      provider,
      txId: id,
      gameId: slot,
      roundId: id,
    });
    await t.app.bonus.service.settle(player.id);

    const active = await staff(
      'GET',
      `/claims?status=active&q=${encodeURIComponent(player.email)}`,
    );
    expect(active.json()).toMatchObject({
      data: [
        {
          id: bonusId,
          status: 'active',
          promo_code: p.code,
          amount: '10.00',
          balance: '6.00',
          wagered: '4.00',
          wagering_required: '20.00',
          percent: 20,
        },
      ],
    });

    const cancelled = await staff('POST', `/claims/${bonusId}/cancel`, { reason: 'bonus abuse' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      forfeited_amount: '6.00',
      balance: '0.00',
    });
    const { rows: ledgerRows } = await t.db.execute<{ operation: string; amount: string }>(sql`
      select operation, amount::text from ledger_entries
      where user_id = ${player.id}::uuid and kind = 'bonus' order by id`);
    expect(ledgerRows).toEqual([
      { operation: 'bonus_grant', amount: '10000' },
      { operation: 'bonus_forfeit', amount: '-6000' },
    ]);
    const { rows: audit } = await t.db.execute<{
      action: string;
      reason: string;
      actor_id: string;
    }>(sql`
      select action, reason, actor_id::text from staff_audit_log
      where target_id = ${player.id} order by id desc limit 1`);
    expect(audit[0]).toMatchObject({
      action: 'bonuses.claims.cancel',
      reason: 'bonus abuse',
      actor_id: marketing.id,
    });

    // The staff list keeps what was wagered before the cancel.
    const ended = await staff(
      'GET',
      `/claims?status=cancelled&q=${encodeURIComponent(player.email)}`,
    );
    expect(ended.json()).toMatchObject({
      data: [{ id: bonusId, status: 'cancelled', wagered: '4.00', wagering_required: '20.00' }],
    });

    // Ended: a second cancel moves nothing.
    const again = await staff('POST', `/claims/${bonusId}/cancel`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(errorCode(again)).toBe('BONUS_ENDED');
    await expectLedgerClean(t.db);
  });

  it('a cancel whose audit step fails leaves the bonus and its money as they were', async () => {
    const o = await offer({ amount: '3.00' });
    const p = await promo(o.id);
    const player = await createPlayer(t);
    const claimed = await asPlayer(player, 'POST', '/promo', { code: p.code });
    const bonusId = BigInt(claimed.json<{ bonus: { id: string } }>().bonus.id);
    await expect(
      t.app.bonus.service.admin.cancelClaim(bonusId, () => Promise.reject(new Error('audit down'))),
    ).rejects.toThrow('audit down');
    const still = await t.app.bonus.service.admin.claims({ q: player.id, page: 1, limit: 10 });
    expect(still.data[0]).toMatchObject({ status: 'active', balance: '3.00' });
    await expectLedgerClean(t.db);
  });
});
