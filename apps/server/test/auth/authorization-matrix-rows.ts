import { staffRoutes } from '@casino/contracts/operator';
import type { InjectOptions } from 'fastify';

/** A payment id nobody has: the guard must answer before the route looks it up. */
export const matrixPaymentId = '00000000-0000-4000-8000-000000000000';

/**
 * How each protected route is guarded: `player` behind app.authenticate (a signed-in
 * player's bearer access token), `operator` behind the operator API's bearer token,
 * `optional` signing-in optional (a guest is served, but a token that is sent must be valid).
 */
export type Guard = 'player' | 'operator' | 'optional';

export interface MatrixRow {
  guard: Guard;
  /** A request that passes the route's validation, so only the token decides. */
  request: InjectOptions;
}

/**
 * EVERY route that takes a bearer token, keyed as the OpenAPI document names it. A route
 * added behind a token without a row here fails "covers every bearer route".
 */
export const matrix: Record<string, MatrixRow> = {
  'DELETE /api/auth/logout': {
    guard: 'player',
    request: { method: 'DELETE', url: '/api/auth/logout' },
  },
  'GET /api/user/me': { guard: 'player', request: { method: 'GET', url: '/api/user/me' } },
  'PATCH /api/user/setting': {
    guard: 'player',
    request: { method: 'PATCH', url: '/api/user/setting', payload: { username: 'matrix_name' } },
  },
  'POST /api/user/verify-setting': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/verify-setting', payload: { data: '123456' } },
  },
  'PATCH /api/user/reset-password': {
    guard: 'player',
    request: {
      method: 'PATCH',
      url: '/api/user/reset-password',
      payload: {
        oldPassword: 'old secret',
        newPassword: 'new secret',
        repeatPassword: 'new secret',
      },
    },
  },
  'GET /api/user/sessions': {
    guard: 'player',
    request: { method: 'GET', url: '/api/user/sessions' },
  },
  'DELETE /api/user/sessions': {
    guard: 'player',
    request: { method: 'DELETE', url: '/api/user/sessions' },
  },
  'DELETE /api/user/sessions/{id}': {
    guard: 'player',
    request: { method: 'DELETE', url: `/api/user/sessions/${matrixPaymentId}` },
  },
  'GET /api/user/two-factor': {
    guard: 'player',
    request: { method: 'GET', url: '/api/user/two-factor' },
  },
  'POST /api/user/two-factor/setup': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/two-factor/setup' },
  },
  'POST /api/user/two-factor/confirm': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/two-factor/confirm', payload: { code: '123456' } },
  },
  'POST /api/user/two-factor/recovery-codes': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/user/two-factor/recovery-codes',
      payload: { code: '123456' },
    },
  },
  'POST /api/user/two-factor/disable': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/user/two-factor/disable',
      payload: { password: 'matrix secret', code: '123456' },
    },
  },
  'POST /api/user/change/avatar': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/change/avatar' },
  },
  'GET /api/wallet/transactions': {
    guard: 'player',
    request: { method: 'GET', url: '/api/wallet/transactions?limit=20' },
  },
  'GET /api/wallet/stream': {
    guard: 'player',
    request: { method: 'GET', url: '/api/wallet/stream' },
  },
  'GET /api/payments/config': {
    guard: 'player',
    request: { method: 'GET', url: '/api/payments/config' },
  },
  'GET /api/payments/cards': {
    guard: 'player',
    request: { method: 'GET', url: '/api/payments/cards' },
  },
  'GET /api/payments': { guard: 'player', request: { method: 'GET', url: '/api/payments' } },
  'GET /api/payments/{id}': {
    guard: 'player',
    request: { method: 'GET', url: `/api/payments/${matrixPaymentId}` },
  },
  'POST /api/payments/card/deposits': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/card/deposits',
      payload: { amount: '10.00', payment_method: 'pm_matrix', idempotency_key: 'matrix-card-1' },
    },
  },
  'POST /api/payments/crypto/deposits': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/crypto/deposits',
      payload: { amount: '10.00', net: 'ETH', idempotency_key: 'matrix-crypto-1' },
    },
  },
  'POST /api/payments/card/withdrawals': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/card/withdrawals',
      payload: { amount: '10.00', payment_method: 'pm_matrix', idempotency_key: 'matrix-card-2' },
    },
  },
  'POST /api/payments/crypto/withdrawals': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/payments/crypto/withdrawals',
      payload: {
        amount: '10.00',
        net: 'ETH',
        address: `0x${'a'.repeat(40)}`,
        idempotency_key: 'matrix-crypto-2',
      },
    },
  },
  'POST /api/payments/{id}/cancel': {
    guard: 'player',
    request: { method: 'POST', url: `/api/payments/${matrixPaymentId}/cancel` },
  },
  'GET /api/identity': { guard: 'player', request: { method: 'GET', url: '/api/identity' } },
  'POST /api/identity/documents/{kind}': {
    guard: 'player',
    request: { method: 'POST', url: '/api/identity/documents/identity' },
  },
  'GET /api/user/export': { guard: 'player', request: { method: 'GET', url: '/api/user/export' } },
  'POST /api/user/close': {
    guard: 'player',
    request: { method: 'POST', url: '/api/user/close', payload: { password: 'matrix' } },
  },
  'GET /api/responsible-gaming': {
    guard: 'player',
    request: { method: 'GET', url: '/api/responsible-gaming' },
  },
  'PUT /api/responsible-gaming/limits': {
    guard: 'player',
    request: {
      method: 'PUT',
      url: '/api/responsible-gaming/limits',
      payload: { kind: 'loss', period: 'day', amount: '10.00' },
    },
  },
  'POST /api/responsible-gaming/limits/confirm': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/responsible-gaming/limits/confirm',
      payload: { kind: 'loss', period: 'day' },
    },
  },
  'POST /api/responsible-gaming/limits/cancel': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/responsible-gaming/limits/cancel',
      payload: { kind: 'loss', period: 'day' },
    },
  },
  'PUT /api/responsible-gaming/session-limit': {
    guard: 'player',
    request: {
      method: 'PUT',
      url: '/api/responsible-gaming/session-limit',
      payload: { minutes: 60 },
    },
  },
  'POST /api/responsible-gaming/session-limit/confirm': {
    guard: 'player',
    request: { method: 'POST', url: '/api/responsible-gaming/session-limit/confirm' },
  },
  'PUT /api/responsible-gaming/reality-check': {
    guard: 'player',
    request: {
      method: 'PUT',
      url: '/api/responsible-gaming/reality-check',
      payload: { minutes: 30 },
    },
  },
  'POST /api/responsible-gaming/block': {
    guard: 'player',
    request: {
      method: 'POST',
      url: '/api/responsible-gaming/block',
      payload: { kind: 'time_out', duration: '24h' },
    },
  },
  'POST /api/responsible-gaming/block/lift': {
    guard: 'player',
    request: { method: 'POST', url: '/api/responsible-gaming/block/lift' },
  },
  'GET /api/responsible-gaming/session': {
    guard: 'player',
    request: { method: 'GET', url: '/api/responsible-gaming/session' },
  },
  'POST /api/responsible-gaming/session/stop': {
    guard: 'player',
    request: { method: 'POST', url: '/api/responsible-gaming/session/stop' },
  },
  'GET /api/operator/responsible-gaming/players/{userId}': {
    guard: 'operator',
    request: {
      method: 'GET',
      url: `/api/operator/responsible-gaming/players/${matrixPaymentId}`,
    },
  },
  'POST /api/operator/responsible-gaming/players/{userId}/limits': {
    guard: 'operator',
    request: {
      method: 'POST',
      url: `/api/operator/responsible-gaming/players/${matrixPaymentId}/limits`,
      payload: { kind: 'loss', period: 'day', amount: '10.00', reason: 'matrix', actor: 'm' },
    },
  },
  'POST /api/operator/responsible-gaming/players/{userId}/blocks': {
    guard: 'operator',
    request: {
      method: 'POST',
      url: `/api/operator/responsible-gaming/players/${matrixPaymentId}/blocks`,
      payload: { kind: 'time_out', duration: '24h', reason: 'matrix', actor: 'm' },
    },
  },
  'GET /api/bonus': { guard: 'player', request: { method: 'GET', url: '/api/bonus' } },
  'POST /api/bonus/claim': {
    guard: 'player',
    request: { method: 'POST', url: '/api/bonus/claim', payload: { offer_id: 'matrix-offer' } },
  },
  'POST /api/bonus/promo': {
    guard: 'player',
    request: { method: 'POST', url: '/api/bonus/promo', payload: { code: 'MATRIX' } },
  },
  'POST /api/bonus/{id}/cancel': {
    guard: 'player',
    request: { method: 'POST', url: '/api/bonus/1/cancel' },
  },
  'GET /api/support/thread': {
    guard: 'player',
    request: { method: 'GET', url: '/api/support/thread' },
  },
  'POST /api/support/messages': {
    guard: 'player',
    request: { method: 'POST', url: '/api/support/messages', payload: { text: 'matrix' } },
  },
  'POST /api/support/read': {
    guard: 'player',
    request: { method: 'POST', url: '/api/support/read', payload: { up_to: '1' } },
  },
  'GET /api/endo-game/launch': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/endo-game/launch?gameId=matrix-game' },
  },
  'GET /api/pragmatic/user-auth/{lang}/{gameId}': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/pragmatic/user-auth/en/matrix-game' },
  },
  'GET /api/provider2-game/launch': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/provider2-game/launch?gameId=matrix-game' },
  },
  // The game lists check a sent token too (decision 089: a player's country filters them).
  'GET /api/endo-game/all': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/endo-game/all' },
  },
  'GET /api/endo-game/list': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/endo-game/list' },
  },
  'GET /api/pragmatic/list': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/pragmatic/list' },
  },
  'GET /api/provider2-game/list/{currency}/{lang}': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/provider2-game/list/USD/en' },
  },
  'GET /api/total/games': {
    guard: 'optional',
    request: { method: 'GET', url: '/api/total/games?sort=recent' },
  },
};

/**
 * Routes that answer 401 for credentials that are not a bearer token: the refresh cookie,
 * and the simulated third parties' own APIs (the studios' protocols, the payment sandboxes'
 * secret keys).
 */
export const ownCredentials = (key: string) =>
  key === 'POST /api/auth/refresh' || /^\/(studios|sandbox)\//.test(key.split(' ')[1] ?? '');

/**
 * The staff routes (issue 28) come from their route table: every one but set-up and login is
 * behind the staff guard, which takes a staff session or the service account's token
 * (OPERATOR_API_TOKEN) and answers 401 before reading anything else.
 */
for (const [, route] of Object.entries(staffRoutes)) {
  if (route.permission === 'public') continue;
  const openApiPath = route.path.replace(/:([A-Za-z]+)/g, '{$1}');
  const url = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    name === 'id' && route.path.includes('/chat/') ? '1' : matrixPaymentId,
  );
  matrix[`${route.method} ${openApiPath}`] = {
    guard: 'operator',
    request: {
      method: route.method,
      url,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    },
  };
}

export const rowsOf = (guard: Guard) =>
  Object.keys(matrix).filter((key) => matrix[key]?.guard === guard);
