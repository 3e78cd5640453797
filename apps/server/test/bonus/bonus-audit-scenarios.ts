import type { LightMyRequestResponse } from 'fastify';
import type { StaffApp } from '../staff/staff-helpers';
import { createPlayer } from '../helpers/players';

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

/** An offer's body as the back office sends it (decision 091). */
export function offerBody(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'free_credit',
    title: { en: 'Audit offer', ru: 'Аудит' },
    terms: { en: 'Wager 2x.', ru: 'Отыграть 2x.' },
    amount: '5.00',
    match_percent: null,
    max_bonus: null,
    min_deposit: null,
    wagering_multiplier: 2,
    wagering_base: 'bonus',
    contributions: { slots: 100 },
    max_bet: '5.00',
    valid_days: 7,
    max_cashout: null,
    promo_only: true,
    featured: false,
    enabled: true,
    sort_order: 500,
    available_from: null,
    available_until: null,
    countries: null,
    reason: 'campaign',
    ...overrides,
  };
}

export function promoBody(offerId: string, code: string, overrides: Record<string, unknown> = {}) {
  return {
    code,
    offer_id: offerId,
    max_uses: 100,
    max_uses_per_player: 1,
    min_deposit: null,
    starts_at: null,
    expires_at: '2099-01-01T00:00:00Z',
    reason: 'campaign',
    ...overrides,
  };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;

/** The audit log test's scenarios of the bonus routes (decision 091), as the admin. */
export function bonusScenarios(app: () => StaffApp, call: Call) {
  const newOffer = async () => {
    const id = `audit-${unique()}`;
    await call('POST', '/api/operator/bonuses/offers', { ...offerBody(), id });
    return id;
  };
  const newPromo = async () => {
    const offerId = await newOffer();
    const res = await call(
      'POST',
      '/api/operator/bonuses/promo-codes',
      promoBody(offerId, `AUD${unique().toUpperCase()}`),
    );
    return res.json<{ id: string; code: string }>();
  };
  const result = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });
  return {
    'bonuses.offers.create': async () =>
      result(
        await call('POST', '/api/operator/bonuses/offers', {
          ...offerBody(),
          id: `audit-${unique()}`,
        }),
      ),
    'bonuses.offers.update': async () =>
      result(await call('PUT', `/api/operator/bonuses/offers/${await newOffer()}`, offerBody())),
    'bonuses.offers.retire': async () =>
      result(
        await call('POST', `/api/operator/bonuses/offers/${await newOffer()}/retire`, {
          reason: 'over',
        }),
      ),
    'bonuses.promos.create': async () =>
      result(
        await call(
          'POST',
          '/api/operator/bonuses/promo-codes',
          promoBody(await newOffer(), `AUD${unique().toUpperCase()}`),
        ),
      ),
    'bonuses.promos.update': async () => {
      const promo = await newPromo();
      const { code: _code, offer_id: _offer, ...body } = promoBody('x', 'X', { max_uses: 5 });
      return result(await call('PUT', `/api/operator/bonuses/promo-codes/${promo.id}`, body));
    },
    'bonuses.promos.retire': async () => {
      const promo = await newPromo();
      return result(
        await call('POST', `/api/operator/bonuses/promo-codes/${promo.id}/retire`, {
          reason: 'leaked',
        }),
      );
    },
    'bonuses.claims.cancel': async () => {
      const promo = await newPromo();
      const someone = await createPlayer(app());
      const claimed = await app().app.inject({
        method: 'POST',
        url: '/api/bonus/promo',
        headers: { authorization: `Bearer ${someone.accessToken}` },
        payload: { code: promo.code },
      });
      const { bonus } = claimed.json<{ bonus: { id: string } }>();
      return result(
        await call('POST', `/api/operator/bonuses/claims/${bonus.id}/cancel`, {
          reason: 'abuse',
        }),
      );
    },
  };
}
