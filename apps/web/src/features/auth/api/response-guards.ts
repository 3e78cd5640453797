import type { Me, TokenResponse, TwoFactorChallengeResponse } from '@casino/contracts';
import type { ResponseSchema } from '../../../shared/lib/api-client';

/**
 * Hand-written checks of the two answers the session needs before any form is opened: the
 * token answer and the current user. They mirror `tokenResponseSchema` and `meResponseSchema`
 * of the contracts (response-guards.test.ts holds them to it) without bringing zod into the
 * first download or into a signed-in player's start-up.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const fail = (what: string): never => {
  throw new TypeError(`Unexpected ${what} response`);
};

export const tokenGuard: ResponseSchema<TokenResponse> = {
  parse(data) {
    if (
      !isRecord(data) ||
      typeof data.access_token !== 'string' ||
      data.token_type !== 'Bearer' ||
      typeof data.expires_in !== 'number' ||
      !Number.isInteger(data.expires_in) ||
      data.expires_in <= 0 ||
      (data.refresh_token !== undefined && typeof data.refresh_token !== 'string')
    ) {
      return fail('token');
    }
    return {
      access_token: data.access_token,
      token_type: 'Bearer',
      expires_in: data.expires_in,
      ...(typeof data.refresh_token === 'string' ? { refresh_token: data.refresh_token } : {}),
    };
  },
};

/** The login's answer: tokens, or (two-factor sign-in on) the challenge of the second step. */
export const loginAnswerGuard: ResponseSchema<TokenResponse | TwoFactorChallengeResponse> = {
  parse(data) {
    if (isRecord(data) && data.twoFactorRequired === true) {
      if (
        typeof data.challenge !== 'string' ||
        typeof data.expires_in !== 'number' ||
        !Number.isInteger(data.expires_in) ||
        data.expires_in <= 0
      ) {
        return fail('login');
      }
      return { twoFactorRequired: true, challenge: data.challenge, expires_in: data.expires_in };
    }
    return tokenGuard.parse(data);
  },
};

const moneyPattern = /^-?\d+\.\d{2,3}$/;

export const meGuard: ResponseSchema<Me> = {
  parse(data) {
    if (
      !isRecord(data) ||
      typeof data.id !== 'string' ||
      typeof data.username !== 'string' ||
      typeof data.email !== 'string' ||
      !(data.avatar === null || typeof data.avatar === 'string') ||
      typeof data.balance !== 'string' ||
      !moneyPattern.test(data.balance) ||
      data.currency !== 'USD' ||
      typeof data.created_at !== 'string' ||
      typeof data.cash !== 'string' ||
      !moneyPattern.test(data.cash) ||
      typeof data.bonus !== 'string' ||
      !moneyPattern.test(data.bonus)
    ) {
      return fail('current-user');
    }
    return {
      id: data.id,
      username: data.username,
      email: data.email,
      avatar: data.avatar,
      balance: data.balance,
      currency: 'USD',
      created_at: data.created_at,
      cash: data.cash,
      bonus: data.bonus,
    };
  },
};
