import type { RgOperatorPlayerResponse, RgStatusResponse } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRefusal } from '../../src/features/chat/chat-service';
import { fixedClock } from '../../src/lib/clock';
import { bearer, createPlayer, errorOf, me, signIn, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  deposit,
  fundedByCard,
  operatorToken,
  withdraw,
} from '../payments/payments-helpers';

/**
 * Time-outs and self-exclusion (decision 070): at once, not shortened; while one holds the
 * player can still sign in, see the balance and withdraw, but not deposit, claim a bonus, use
 * a promo code, post in the chat or launch a game; other sessions end; a self-exclusion
 * cancels the open bonus with the reason recorded.
 */
const day = 24 * 3_600_000;

describe('time-out and self-exclusion', () => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-06-01T12:00:00.000Z'));

  beforeAll(async () => {
    t = await buildCashierApp({ clock });
  });
  afterAll(async () => t.close());

  const block = (p: SignedInPlayer, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/responsible-gaming/block',
      headers: bearer(p.accessToken),
      payload,
    });
  const post = (p: SignedInPlayer, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(p.accessToken), payload });

  it('a time-out player cannot deposit, claim, use a promo code, chat or launch, but can withdraw', async () => {
    const player = await createPlayer(t);
    const token = await fundedByCard(t, player, '50.00');
    const other = await signIn(t, player);
    const res = await block(player, { kind: 'time_out', duration: '24h' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RgStatusResponse>().block).toEqual({
      kind: 'time_out',
      until: new Date(clock.now().getTime() + day).toISOString(),
    });

    // Every other session ended; this one still signs in to the balance.
    expect((await me(t, other.accessToken)).statusCode).toBe(401);
    expect(await balanceOf(t, player)).toBe('50.00');

    const refused = await deposit(t, player, { amount: '20.00', payment_method: token });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('RG_BLOCKED');
    const claim = await post(player, '/api/bonus/claim', { offer_id: 'daily' });
    expect(errorOf(claim).code).toBe('RG_BLOCKED');
    const promo = await post(player, '/api/bonus/promo', { code: 'WELCOME' });
    expect(errorOf(promo).code).toBe('RG_BLOCKED');
    await expect(t.app.chat.post(player.id, 'hello')).rejects.toThrow(ChatRefusal);
    await expect(t.app.chat.post(player.id, 'hello')).rejects.toMatchObject({
      code: 'CHAT_RG_BLOCKED',
    });
    const launch = await t.app.inject({
      method: 'GET',
      url: '/api/endo-game/launch?currency=USD&gameId=any',
      headers: bearer(player.accessToken),
    });
    expect(launch.statusCode).toBe(403);
    expect(errorOf(launch).code).toBe('RG_BLOCKED');

    const out = await withdraw(t, player, { amount: '30.00', payment_method: token });
    expect(out.statusCode, out.body).toBe(201);
    expect(await balanceOf(t, player)).toBe('20.00');
  });

  it('cannot be shortened; a longer one replaces it; it ends by itself after its time', async () => {
    let player = await createPlayer(t);
    await block(player, { kind: 'time_out', duration: '7d' });
    const shorter = await block(player, { kind: 'time_out', duration: '24h' });
    expect(shorter.statusCode).toBe(409);
    expect(errorOf(shorter).code).toBe('RG_NOT_ALLOWED');
    const longer = await block(player, { kind: 'time_out', duration: '30d' });
    expect(longer.json<RgStatusResponse>().block?.until).toBe(
      new Date(clock.now().getTime() + 30 * day).toISOString(),
    );
    clock.advance(30 * day);
    player = await signIn(t, player);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/responsible-gaming',
      headers: bearer(player.accessToken),
    });
    expect(res.json<RgStatusResponse>().block).toBeNull();
  });

  it('a self-exclusion cancels the open bonus, recording why; it is permanent if asked', async () => {
    const player = await createPlayer(t);
    await fundedByCard(t, player, '20.00');
    const claimed = await post(player, '/api/bonus/claim', { offer_id: 'daily' });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const res = await block(player, { kind: 'self_exclusion', duration: 'permanent' });
    expect(res.json<RgStatusResponse>().block).toEqual({ kind: 'self_exclusion', until: null });
    const bonus = await t.app.inject({
      method: 'GET',
      url: '/api/bonus',
      headers: bearer(player.accessToken),
    });
    expect(bonus.json<{ active: unknown }>().active).toBeNull();
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/operator/responsible-gaming/players/${player.id}`,
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    const history = view.json<RgOperatorPlayerResponse>().history;
    expect(history.map((h) => h.action)).toEqual(['bonus_cancelled', 'self_exclusion_set']);
    expect(history[0]).toMatchObject({ actor: 'system', reason: 'self-exclusion' });
    const lift = await post(player, '/api/responsible-gaming/block/lift', {});
    expect(errorOf(lift).code).toBe('RG_NOT_ALLOWED');
  });

  it('staff may exclude a player, with the reason, but nothing lifts it early', async () => {
    const player = await createPlayer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/operator/responsible-gaming/players/${player.id}/blocks`,
      headers: { authorization: `Bearer ${operatorToken}` },
      payload: {
        kind: 'self_exclusion',
        duration: '6m',
        reason: 'problem gambling signs',
        actor: 'lee',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<RgOperatorPlayerResponse>();
    expect(view.status.block?.kind).toBe('self_exclusion');
    expect(view.history[0]).toMatchObject({
      action: 'self_exclusion_set',
      actor: 'staff:operator-api',
      reason: 'problem gambling signs',
    });
    // The staff's block ended every session of the player.
    expect((await me(t, player.accessToken)).statusCode).toBe(401);
  });
});
